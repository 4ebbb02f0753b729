import { useState, type ReactNode } from 'react';
import { Link, Navigate, useLocation, useSearchParams } from 'react-router';
import { FullPageSpinner } from '@/components/full-page-spinner';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { signedInDestination } from '../return-path';
import { useAuthStore } from '../stores/auth-store';
import { hasAcceptedPrivacy } from '../stores/privacy-consent';
import { AuthCard } from './auth-card';
import { AuthTabs } from './auth-tabs';
import { PrivacyAgreement } from './privacy-agreement';
import { RegisterForm } from './register-form';
import { WechatComingSoon } from './wechat-coming-soon';

export type RegisterTab = 'phone' | 'wechat';

interface RegisterPageProps {
  /** The WeChat QR tab's content, composed in app/ (features/wechat); the consent box below it stays this page's. */
  wechatTab?: (p: { active: boolean; agreed: boolean; referrer?: string }) => ReactNode;
  /** The tab to open with (the WeChat one inside WeChat's browser, and when an authorization comes back). */
  initialTab?: RegisterTab;
  /** The WeChat tab's name (微信一键注册 inside WeChat). */
  wechatLabel?: string;
}

export function RegisterPage({ wechatTab, initialTab = 'phone', wechatLabel = '微信扫码注册' }: RegisterPageProps = {}) {
  useDocumentTitle('注册');
  const location = useLocation();
  const [params] = useSearchParams();
  const isInitialized = useAuthStore((s) => s.isInitialized);
  const user = useAuthStore((s) => s.user);
  const [tab, setTab] = useState<RegisterTab>(initialTab);
  const [agreed, setAgreed] = useState(hasAcceptedPrivacy);
  const referrer = params.get('referrer')?.trim() || undefined;

  if (!isInitialized) return <FullPageSpinner text="正在加载..." />;
  if (user) return <Navigate to={signedInDestination(user, location.state, location.search)} replace />;

  return (
    <AuthCard
      title="注册账号"
      subtitle="注册后即可与AI伙伴畅聊"
      footer={
        <span className="text-secondary">
          已有账号？
          <Link to={paths.login} state={location.state}>
            立即登录
          </Link>
        </span>
      }
    >
      <AuthTabs<RegisterTab>
        label="注册方式"
        active={tab}
        onChange={setTab}
        tabs={[
          { key: 'phone', label: '手机号注册', content: <RegisterForm referrerFromLink={referrer} /> },
          {
            key: 'wechat',
            label: wechatLabel,
            content: wechatTab ? (
              <>
                {wechatTab({ active: tab === 'wechat', agreed, referrer })}
                <PrivacyAgreement checked={agreed} onChange={setAgreed} />
              </>
            ) : (
              <WechatComingSoon text="微信扫码注册即将开放" />
            ),
          },
        ]}
      />
    </AuthCard>
  );
}
