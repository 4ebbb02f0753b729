import { ExclamationCircleFilled } from '@ant-design/icons';
import { useState, type ReactNode } from 'react';
import { Link, Navigate, useLocation } from 'react-router';
import { FullPageSpinner } from '@/components/full-page-spinner';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { signedInDestination } from '../return-path';
import { useAuthStore } from '../stores/auth-store';
import { hasAcceptedPrivacy } from '../stores/privacy-consent';
import { AuthCard } from './auth-card';
import { AuthTabs } from './auth-tabs';
import { CodeLoginForm } from './code-login-form';
import { PasswordLoginForm } from './password-login-form';
import { PrivacyAgreement } from './privacy-agreement';
import { WechatComingSoon } from './wechat-coming-soon';

export type LoginTab = 'password' | 'code' | 'wechat';

interface LoginPageProps {
  /** The WeChat QR tab's content, composed in app/ (features/wechat); the consent box below it stays this page's. */
  wechatTab?: (p: { active: boolean; agreed: boolean }) => ReactNode;
  /** The tab to open with (the WeChat one inside WeChat's browser, and when an authorization comes back). */
  initialTab?: LoginTab;
  /** The WeChat tab's name (微信一键登录 inside WeChat). */
  wechatLabel?: string;
}

export function LoginPage({ wechatTab, initialTab = 'password', wechatLabel = '微信扫码登录' }: LoginPageProps = {}) {
  useDocumentTitle('登录');
  const location = useLocation();
  const isInitialized = useAuthStore((s) => s.isInitialized);
  const user = useAuthStore((s) => s.user);
  const sessionExpired = useAuthStore((s) => s.sessionExpired);
  const networkDropped = useAuthStore((s) => s.networkDropped);
  const [tab, setTab] = useState<LoginTab>(initialTab);
  const [agreed, setAgreed] = useState(hasAcceptedPrivacy);

  if (!isInitialized) return <FullPageSpinner text="正在加载..." />;
  if (user) return <Navigate to={signedInDestination(user, location.state, location.search)} replace />;

  const formProps = { agreed, onAgreedChange: setAgreed };

  return (
    <AuthCard
      subtitle="欢迎回来，登录后开始与AI伙伴对话"
      footer={
        tab === 'wechat' ? null : (
          <span className="text-secondary">
            还没有账号？
            <Link to={paths.register} state={location.state}>
              立即注册
            </Link>
          </span>
        )
      }
    >
      {sessionExpired || networkDropped ? (
        <div className="auth-notice" role="alert">
          <ExclamationCircleFilled className="auth-notice-icon" aria-hidden />
          {sessionExpired ? '登录状态已失效，请重新登录' : '网络异常，请重新登录'}
        </div>
      ) : null}
      <AuthTabs<LoginTab>
        label="登录方式"
        active={tab}
        onChange={setTab}
        tabs={[
          { key: 'password', label: '密码登录', content: <PasswordLoginForm {...formProps} /> },
          { key: 'code', label: '验证码登录', content: <CodeLoginForm {...formProps} /> },
          {
            key: 'wechat',
            label: wechatLabel,
            content: wechatTab ? (
              <>
                {wechatTab({ active: tab === 'wechat', agreed })}
                <PrivacyAgreement checked={agreed} onChange={setAgreed} />
              </>
            ) : (
              <WechatComingSoon text="微信扫码登录即将开放" />
            ),
          },
        ]}
      />
    </AuthCard>
  );
}
