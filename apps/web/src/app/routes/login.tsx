import { useLocation } from 'react-router';
import { paths } from '@/config/paths';
import { LoginPage } from '@/features/auth/components/login-page';
import { signInReturnPath } from '@/features/auth/return-path';
import { inWechatBrowser, returnedOaState } from '@/features/wechat/lib/oa-return';
import { useWechatSignedIn } from './use-wechat-signed-in';
import { LazyWechatLoginPanel } from './wechat-panel';

/**
 * /login with the WeChat tab of features/wechat: the QR (polled every 2 s until it expires), or inside WeChat one tap
 * through the official account, which comes back here carrying where to go afterwards (`?from=`).
 */
export function LoginRoute() {
  const onSignedIn = useWechatSignedIn();
  const location = useLocation();
  const back = signInReturnPath(location.state, location.search);
  const returnTo = back === paths.home ? paths.login : `${paths.login}?from=${encodeURIComponent(back)}`;
  const inWechat = inWechatBrowser();
  return (
    <LoginPage
      initialTab={inWechat || returnedOaState(location.search) ? 'wechat' : 'password'}
      wechatLabel={inWechat ? '微信一键登录' : '微信扫码登录'}
      wechatTab={({ active, agreed }) => (
        <LazyWechatLoginPanel active={active} agreed={agreed} returnTo={returnTo} onSignedIn={onSignedIn} />
      )}
    />
  );
}
