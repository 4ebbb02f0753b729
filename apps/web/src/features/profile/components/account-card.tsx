import { maskPhone } from '@lingxi/shared/rules';
import type { UserInfo } from '@lingxi/shared';
import { Card, Descriptions } from 'antd';
import dayjs from 'dayjs';
import { Link } from 'react-router';
import { paths } from '@/config/paths';

/** Where a WeChat-only account adds a phone from the profile, and comes back to it (issue 19). */
export const BIND_PHONE_FROM_PROFILE = `${paths.bindPhone}?from=${encodeURIComponent(paths.profile)}`;

interface AccountCardProps {
  user: UserInfo;
}

export function AccountCard({ user }: AccountCardProps) {
  return (
    <Card title="账号信息">
      <Descriptions
        column={1}
        size="small"
        items={[
          // Masked because this page is often shown on a screen others can see.
          {
            key: 'phone',
            label: '手机号',
            children: user.phone ? (
              maskPhone(user.phone)
            ) : (
              <span>
                未绑定 <Link to={BIND_PHONE_FROM_PROFILE}>绑定手机号</Link>
              </span>
            ),
          },
          { key: 'name', label: '姓名', children: user.name || '未填写' },
          { key: 'username', label: '用户名', children: user.username || '未设置' },
          { key: 'created', label: '注册时间', children: dayjs(user.created_at).format('YYYY年M月D日') },
        ]}
      />
    </Card>
  );
}
