import { WECHAT_QR_POLL_TIMEOUT_MS } from '@lingxi/shared/rules';
import { RegisterPage } from '@/features/auth/components/register-page';
import { useWechatSignedIn } from './use-wechat-signed-in';
import { LazyWechatLoginPanel } from './wechat-panel';

/** /register with the WeChat QR tab: polled every 2 s, given up after 60 s (spec §4), the link's referrer passed on. */
export function RegisterRoute() {
  const onSignedIn = useWechatSignedIn();
  return (
    <RegisterPage
      wechatTab={({ active, agreed, referrer }) => (
        <LazyWechatLoginPanel
          active={active}
          agreed={agreed}
          referrerId={referrer}
          pollTimeoutMs={WECHAT_QR_POLL_TIMEOUT_MS}
          hint="请使用微信扫一扫注册，已注册的微信将直接登录"
          onSignedIn={onSignedIn}
        />
      )}
    />
  );
}
