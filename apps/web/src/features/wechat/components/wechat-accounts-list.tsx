import { wechatTypeLabel } from '@lingxi/shared/rules';
import type { UserInfo } from '@lingxi/shared';
import { Flex, Tag, Typography } from 'antd';

/**
 * Spec §2 profile: each linked account with its type label (小程序, 公众号, 网站应用, other raw, 未知) and nickname
 * ('未知昵称'); with no list, the single fallback nickname.
 */
export function WechatAccountsList({ user }: { user: UserInfo }) {
  const accounts = user.binding_status.wechat_accounts;
  if (!accounts.length) {
    return <Typography.Text className="wechat-nickname">{user.wechat_nickname || '未知昵称'}</Typography.Text>;
  }
  return (
    <Flex vertical gap={6} className="wechat-accounts">
      {accounts.map((a, i) => (
        <Flex key={`${a.appid ?? ''}-${i}`} align="center" gap={8} wrap>
          <Tag color="green">{wechatTypeLabel(a.wechat_type)}</Tag>
          <Typography.Text>{a.wechat_nickname || '未知昵称'}</Typography.Text>
        </Flex>
      ))}
    </Flex>
  );
}
