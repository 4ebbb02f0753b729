import { LoginPage } from '@/features/auth/components/login-page';
import { useWechatSignedIn } from './use-wechat-signed-in';
import { LazyWechatLoginPanel } from './wechat-panel';

/** /login with the WeChat QR tab of features/wechat (polled every 2 s until the QR itself expires). */
export function LoginRoute() {
  const onSignedIn = useWechatSignedIn();
  return <LoginPage wechatTab={({ active, agreed }) => <LazyWechatLoginPanel active={active} agreed={agreed} onSignedIn={onSignedIn} />} />;
}
