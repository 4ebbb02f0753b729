import type { PaymentMethod, TradeType } from '@lingxi/shared/rules';

/**
 * Where the payer is: inside WeChat's own browser, in another phone browser, or at a computer. A QR code shown on the
 * same phone cannot be scanned, so phones pay on the phone itself (issue 14).
 */
export type PayEnvironment = 'wechat' | 'mobile' | 'desktop';

export function payEnvironment(userAgent: string = typeof navigator === 'undefined' ? '' : navigator.userAgent): PayEnvironment {
  if (/MicroMessenger/i.test(userAgent)) return 'wechat';
  if (/Mobi|Android|iPhone|iPad|iPod|HarmonyOS|OpenHarmony/i.test(userAgent)) return 'mobile';
  return 'desktop';
}

/**
 * The trade type for a method on this device, or null when it cannot be paid here: WeChat's browser opens no Alipay
 * page, so inside WeChat only WeChat Pay (JSAPI) is offered.
 */
export function tradeTypeFor(method: PaymentMethod, env: PayEnvironment): TradeType | null {
  if (method === 'wechat') return env === 'wechat' ? 'JSAPI' : env === 'mobile' ? 'H5' : 'NATIVE';
  if (env === 'wechat') return null;
  return env === 'mobile' ? 'WAP' : 'NATIVE';
}

/** Why a method is not offered here (shown under the choice). */
export function unavailableReason(method: PaymentMethod, env: PayEnvironment): string | null {
  if (method === 'alipay' && env === 'wechat') return '微信内无法打开支付宝，请点右上角“…”在浏览器中打开后使用支付宝';
  return null;
}
