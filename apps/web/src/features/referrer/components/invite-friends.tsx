import { Button, Flex, Input, Typography } from 'antd';
import { CopyOutlined } from '@ant-design/icons';
import { useEffect, useState } from 'react';
import { useFeedback } from '@/lib/feedback';
import { getInvite } from '../api/get-invite';

/** Your own invitation link to /register?referrer=<your phone>, and how many signed up with it. */
export function InviteFriends({ userId }: { userId: string }) {
  const { message } = useFeedback();
  const [invite, setInvite] = useState<{ link: string; total: number } | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    getInvite(userId, controller.signal)
      .then((v) => !controller.signal.aborted && setInvite(v))
      .catch(() => undefined);
    return () => controller.abort();
  }, [userId]);

  if (!invite) return null;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(invite.link);
      message.success('邀请链接已复制');
    } catch {
      message.info('请长按或手动复制链接');
    }
  };
  return (
    <Flex vertical gap={6} className="invite-friends">
      <Typography.Text type="secondary">邀请好友注册（已邀请 {invite.total} 人）</Typography.Text>
      <Flex gap={8}>
        <Input value={invite.link} readOnly aria-label="我的邀请链接" />
        <Button icon={<CopyOutlined />} onClick={copy}>
          复制
        </Button>
      </Flex>
    </Flex>
  );
}
