/** Spec §8 WeChat QR texts, plus the states' captions (spec §2 login: generating, waiting, scanned, expired, error). */
export const WECHAT_TEXT = {
  createFailed: '生成二维码失败',
  expired: '二维码已过期，请重新生成',
  pollTimeout: '二维码轮询已超时，请重新生成',
  loginFailed: '微信登录失败',
  bindParamsMissing: '获取微信绑定参数失败',
  bindStartFailed: '发起绑定失败',
  bindSucceeded: '微信绑定成功',
  generating: '正在生成二维码...',
  scannedLogin: '扫码成功，正在登录...',
  scannedBind: '扫码成功，正在绑定...',
  pollBroken: '网络连接失败，请检查网络后重试',
} as const;

/** What every QR source (sign-in or bind) gives the view. */
export interface QrSource {
  qrId: string;
  qrCodeUrl: string;
  qrImage: string;
  loginJsUrl: string | null;
  appid: string;
  scope: string;
  redirectUri: string;
}
