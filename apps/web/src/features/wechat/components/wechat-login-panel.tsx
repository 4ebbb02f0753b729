import type { UnifiedLoginResponse } from '@lingxi/shared';
import { Flex, Typography } from 'antd';
import { SafetyCertificateOutlined } from '@ant-design/icons';
import { useFeedback } from '@/lib/feedback';
import { createQrCode } from '../api/create-qr-code';
import { wechatLogin } from '../api/wechat-login';
import { useWechatQr } from '../hooks/use-wechat-qr';
import { WECHAT_TEXT } from '../wechat-texts';
import { WechatQrView } from './wechat-qr-view';

interface WechatLoginPanelProps {
  /** The tab is showing; a hidden tab neither creates nor polls. */
  active: boolean;
  /** Privacy consent: scanning shares the WeChat identity, so no QR before the box is ticked (PIPL Art. 13-14). */
  agreed: boolean;
  referrerId?: string;
  /** Register tab: 60 s (spec §4); the login tab polls until the QR itself expires. */
  pollTimeoutMs?: number;
  /** The caption under the QR ('请使用微信扫一扫登录' by default). */
  hint?: string;
  onSignedIn: (result: UnifiedLoginResponse) => void;
}

/** The WeChat tab of login and register: QR, polling, then unified-login with the scanned ticket. */
export function WechatLoginPanel({
  active,
  agreed,
  referrerId,
  pollTimeoutMs,
  hint = '请使用微信扫一扫登录',
  onSignedIn,
}: WechatLoginPanelProps) {
  const { message } = useFeedback();
  const { phase, qr, errorText, errorDetail, refresh } = useWechatQr({
    enabled: active && agreed,
    create: async () => {
      const d = await createQrCode();
      return {
        qrId: d.qr_code_id,
        qrCodeUrl: d.qr_code_url,
        qrImage: d.qr_image,
        loginJsUrl: d.login_js_url,
        appid: d.appid,
        scope: d.scope,
        redirectUri: d.redirect_uri,
      };
    },
    onScanned: async (status) => {
      if (!status.code) throw new Error(WECHAT_TEXT.loginFailed);
      onSignedIn(await wechatLogin(status.code, referrerId));
    },
    createFailedText: () => WECHAT_TEXT.createFailed,
    scanFailedText: WECHAT_TEXT.loginFailed,
    pollTimeoutMs,
    onTimeout: () => message.warning(WECHAT_TEXT.pollTimeout),
  });

  if (!agreed) {
    return (
      <Flex
        vertical
        align="center"
        justify="center"
        gap={10}
        className="wechat-qr-view"
        data-phase="consent"
        style={{ minHeight: 280, textAlign: 'center' }}
      >
        <SafetyCertificateOutlined style={{ fontSize: 40, color: 'var(--lx-color-primary)' }} />
        <Typography.Text type="secondary">请先阅读并勾选同意下方的《隐私政策》，再使用微信扫码</Typography.Text>
      </Flex>
    );
  }
  return (
    <WechatQrView
      phase={phase}
      qr={qr}
      errorText={errorText}
      errorDetail={errorDetail}
      scannedText={WECHAT_TEXT.scannedLogin}
      hint={hint}
      onRefresh={refresh}
    />
  );
}
