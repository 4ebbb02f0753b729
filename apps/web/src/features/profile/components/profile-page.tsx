import type { UserInfo } from '@lingxi/shared';
import { Flex, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { AccountCard } from './account-card';
import { MyRewardsCard } from './my-rewards-card';
import { UsernameForm } from './username-form';

interface ProfilePageProps {
  user: UserInfo;
  onUserUpdated: (user: UserInfo) => void;
  /** Filled by the WeChat issue (spec §2 profile: binding block + QR modal). */
  wechatBindingSlot?: ReactNode;
  /** Filled by the referrer issue (spec §2 profile: referrer phone + bind). */
  referrerSlot?: ReactNode;
}

export function ProfilePage({ user, onUserUpdated, wechatBindingSlot, referrerSlot }: ProfilePageProps) {
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
      </Flex>
    </div>
  );
}
