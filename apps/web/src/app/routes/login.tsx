import { LoginPage } from '@/features/auth/components/login-page';
import { WechatLoginPanel } from '@/features/wechat/components/wechat-login-panel';
import { useWechatSignedIn } from './use-wechat-signed-in';

/** /login with the WeChat QR tab of features/wechat (polled every 2 s until the QR itself expires). */
export function LoginRoute() {
  const onSignedIn = useWechatSignedIn();
  return <LoginPage wechatTab={({ active, agreed }) => <WechatLoginPanel active={active} agreed={agreed} onSignedIn={onSignedIn} />} />;
}
