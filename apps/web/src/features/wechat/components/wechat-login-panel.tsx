import type { UnifiedLoginResponse } from '@lingxi/shared';
import { Flex, Spin, Typography } from 'antd';
import { SafetyCertificateOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { useFeedback } from '@/lib/feedback';
import { createQrCode } from '../api/create-qr-code';
import { wechatLogin } from '../api/wechat-login';
import { useOaReturn } from '../hooks/use-oa-return';
import { useWechatQr } from '../hooks/use-wechat-qr';
import { inMobileBrowser, inWechatBrowser } from '../lib/oa-return';
import { WECHAT_TEXT } from '../wechat-texts';
import { WechatOneTap } from './wechat-one-tap';
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
  /** Where WeChat's one-tap authorization comes back to (this page, carrying where to go after signing in). */
  returnTo?: string;
  onSignedIn: (result: UnifiedLoginResponse) => void;
}

/**
 * The WeChat tab of login and register: QR, polling, then unified-login with the scanned ticket. Inside WeChat's own
 * browser, where the phone cannot scan its own screen, one tap through the official account's authorization instead
 * (issue 19), signed in with the same ticket when it comes back; the QR returns only if the site has no official
 * account, and then, as in any phone browser, it says how to use it (长按识别).
 */
export function WechatLoginPanel({
  active,
  agreed,
  referrerId,
  pollTimeoutMs,
  hint = '请使用微信扫一扫登录',
  returnTo = '/login',
  onSignedIn,
}: WechatLoginPanelProps) {
  const { message } = useFeedback();
  const [oaUnavailable, setOaUnavailable] = useState(false);
  const [oaNotice, setOaNotice] = useState<string | null>(null);
  const oneTap = inWechatBrowser() && !oaUnavailable;
  const returning = useOaReturn(async (status) => {
    if (status?.intent === 'login' && status.status === 'scanned' && status.code) {
      try {
        onSignedIn(await wechatLogin(status.code, referrerId));
        return;
      } catch {
        /* the ticket was refused: say so below */
      }
    }
    setOaNotice(status?.status === 'failed' && status.message ? status.message : '微信授权未完成，请重试');
  });
  const { phase, qr, errorText, errorDetail, refresh } = useWechatQr({
    enabled: active && agreed && !oneTap && !returning,
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

  if (returning) {
    return (
      <Flex vertical align="center" justify="center" className="wechat-qr-view" style={{ minHeight: 220 }}>
        <Spin description={WECHAT_TEXT.scannedLogin} />
      </Flex>
    );
  }
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
        <SafetyCertificateOutlined style={{ fontSize: 40, color: 'var(--lx-color-primary)' }} aria-hidden />
        <Typography.Text type="secondary">
          请先阅读并勾选同意下方的《用户协议》和《隐私政策》，再使用微信{oneTap ? '授权' : '扫码'}
        </Typography.Text>
      </Flex>
    );
  }
  if (oneTap) {
    return (
      <WechatOneTap
        intent="login"
        returnTo={returnTo}
        label="微信一键登录"
        notice={oaNotice}
        onUnavailable={() => setOaUnavailable(true)}
      />
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
      onPhone={inWechatBrowser() || inMobileBrowser()}
    />
  );
}
