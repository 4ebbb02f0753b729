import { maskPhone } from '@lingxi/shared/rules';
import type { UserInfo } from '@lingxi/shared';
import { Card, Descriptions } from 'antd';
import dayjs from 'dayjs';

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
          { key: 'phone', label: '手机号', children: user.phone ? maskPhone(user.phone) : '未绑定' },
          { key: 'name', label: '姓名', children: user.name || '未填写' },
          { key: 'username', label: '用户名', children: user.username || '未设置' },
          { key: 'created', label: '注册时间', children: dayjs(user.created_at).format('YYYY年M月D日') },
        ]}
      />
    </Card>
  );
}
