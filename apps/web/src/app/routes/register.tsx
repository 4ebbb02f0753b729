import { WECHAT_QR_POLL_TIMEOUT_MS } from '@lingxi/shared/rules';
import { useLocation } from 'react-router';
import { RegisterPage } from '@/features/auth/components/register-page';
import { inWechatBrowser, returnedOaState, withoutOaState } from '@/features/wechat/lib/oa-return';
import { useWechatSignedIn } from './use-wechat-signed-in';
import { LazyWechatLoginPanel } from './wechat-panel';

/**
 * /register with the WeChat tab: the QR polled every 2 s and given up after 60 s (spec §4), or inside WeChat one tap
 * through the official account, coming back to this address so the invitation link's referrer is passed on.
 */
export function RegisterRoute() {
  const onSignedIn = useWechatSignedIn();
  const location = useLocation();
  const inWechat = inWechatBrowser();
  return (
    <RegisterPage
      initialTab={inWechat || returnedOaState(location.search) ? 'wechat' : 'phone'}
      wechatLabel={inWechat ? '微信一键注册' : '微信扫码注册'}
      wechatTab={({ active, agreed, referrer }) => (
        <LazyWechatLoginPanel
          active={active}
          agreed={agreed}
          referrerId={referrer}
          pollTimeoutMs={WECHAT_QR_POLL_TIMEOUT_MS}
          hint="请使用微信扫一扫注册，已注册的微信将直接登录"
          returnTo={withoutOaState(location)}
          onSignedIn={onSignedIn}
        />
      )}
    />
  );
}
