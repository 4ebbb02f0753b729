import { MSG, PHONE_LENGTH, PHONE_PATTERN } from '@lingxi/shared/rules';
import type { UserInfo } from '@lingxi/shared';
import { Button, Card, Divider, Flex, Input, Typography } from 'antd';
import { TeamOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useFeedback } from '@/lib/feedback';
import { bindReferrer } from '../api/bind-referrer';
import { useReferrerLookup } from '../hooks/use-referrer-lookup';
import { InviteFriends } from './invite-friends';

interface ReferrerCardProps {
  user: UserInfo;
  onRefreshUser: () => Promise<void> | void;
  onSessionLost: () => void;
}

/** Spec §2 profile referrer block: phone input (max 11) and 绑定, read-only once bound, whose number it is after lookup. */
export function ReferrerCard({ user, onRefreshUser, onSessionLost }: ReferrerCardProps) {
  const { message } = useFeedback();
  const [typed, setTyped] = useState('');
  const [binding, setBinding] = useState(false);
  const bound = user.referrer_id;
  const found = useReferrerLookup(bound, typed);

  const onBind = async () => {
    const phone = typed.trim();
    if (!PHONE_PATTERN.test(phone)) {
      message.error(MSG.referrerInvalid);
      return;
    }
    setBinding(true);
    try {
      await bindReferrer(phone);
      message.success('推荐人绑定成功');
      await onRefreshUser();
    } catch (error) {
      // A 403 keeps the page and what was typed, and says why (issue 19); only a dropped session leaves.
      if (error instanceof ApiError && error.status === 401) onSessionLost();
      else message.error(errorMessage(error, '绑定失败，请重试'));
    } finally {
      setBinding(false);
    }
  };

  return (
    <Card
      title={
        <span>
          <TeamOutlined style={{ marginRight: 8 }} />
          我的推荐人
        </span>
      }
      className="referrer-card"
    >
      <Flex vertical gap={10}>
        <Flex gap={8}>
          <Input
            value={bound ?? typed}
            onChange={(e) => setTyped(e.target.value.replace(/\D/g, ''))}
            readOnly={!!bound}
            maxLength={PHONE_LENGTH}
            inputMode="tel"
            placeholder="请输入推荐人手机号"
            aria-label="推荐人手机号"
          />
          <Button type="primary" onClick={onBind} loading={binding} disabled={!!bound}>
            {bound ? '已绑定' : '绑定'}
          </Button>
        </Flex>
        {found ? (
          <Typography.Text className="referrer-found">
            推荐人：{found.name || found.username || '未设置昵称'}（{found.phone}）
          </Typography.Text>
        ) : null}
        <Typography.Text type="secondary" style={{ fontSize: 13 }}>
          {bound ? '推荐人绑定后不可更改' : '推荐人绑定后不可更改，请确认手机号无误'}
        </Typography.Text>
        {user.phone ? (
          <>
            <Divider style={{ margin: '4px 0' }} />
            <InviteFriends userId={user.id} />
          </>
        ) : null}
      </Flex>
    </Card>
  );
}
