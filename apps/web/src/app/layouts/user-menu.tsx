import { maskPhone } from '@lingxi/shared/rules';
import type { UserInfo } from '@lingxi/shared';
import { Avatar, Button, Dropdown } from 'antd';
import { DownOutlined, UserOutlined } from '@ant-design/icons';
import { useUserMenu } from './use-user-menu';

interface UserMenuProps {
  user: UserInfo;
}

export function UserMenu({ user }: UserMenuProps) {
  const menu = useUserMenu();
  const name = user.username?.trim() || maskPhone(user.phone) || '我的账号';
  return (
    <Dropdown menu={menu} placement="bottomRight" trigger={['click']}>
      <Button type="text" className="user-menu-trigger" aria-label="用户菜单">
        <Avatar size="small" icon={<UserOutlined />} style={{ background: 'var(--lx-color-primary)' }} />
        <span className="user-menu-name">{name}</span>
        <DownOutlined style={{ fontSize: 10 }} />
      </Button>
    </Dropdown>
  );
}
