import type { UserInfo } from '@lingxi/shared';
import { Flex, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { AccountCard } from './account-card';
import { DataRightsCard } from './data-rights-card';
import { MyRewardsCard } from './my-rewards-card';
import { UsernameForm } from './username-form';

interface ProfilePageProps {
  user: UserInfo;
  onUserUpdated: (user: UserInfo) => void;
  /** The WeChat block (features/wechat: bound/unbound, accounts, bind QR modal), composed in app/routes/profile. */
  wechatBindingSlot?: ReactNode;
  /** The referrer block (features/referrer: phone + 绑定, read-only once bound). */
  referrerSlot?: ReactNode;
  /** Minor mode, the emergency contact and the user's reports (features/safety). */
  safetySlot?: ReactNode;
  /** After account deletion: the app signs out locally and leaves. */
  onAccountDeleted?: () => void;
}

export function ProfilePage({ user, onUserUpdated, wechatBindingSlot, referrerSlot, safetySlot, onAccountDeleted }: ProfilePageProps) {
  useDocumentTitle('个人资料');
  const navigate = useNavigate();
  return (
    <div className="page page-narrow">
      <Typography.Title level={3}>个人资料</Typography.Title>
      <Flex vertical gap={16}>
        <AccountCard user={user} />
        {wechatBindingSlot}
        <UsernameForm user={user} onUpdated={onUserUpdated} onSessionLost={() => navigate(paths.login, { replace: true })} />
        <MyRewardsCard />
        {referrerSlot}
        {safetySlot}
        {onAccountDeleted ? <DataRightsCard user={user} onDeleted={onAccountDeleted} /> : null}
      </Flex>
    </div>
  );
}
