import { maskPhone } from '@lingxi/shared/rules';
import type { UserInfo } from '@lingxi/shared';
import { Button, Drawer, Flex, Menu, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { useUserMenu } from './use-user-menu';

interface MobileNavDrawerProps {
  open: boolean;
  onClose: () => void;
  user: UserInfo | null;
}

const PAGES = [
  { key: paths.home, label: '首页' },
  { key: paths.about, label: '关于我们' },
  { key: paths.privacy, label: '隐私政策' },
  { key: paths.terms, label: '服务条款' },
  { key: paths.contact, label: '联系我们' },
];

/** Narrow screens have no room for the dropdown and footer links side by side, so both live in one drawer. */
export function MobileNavDrawer({ open, onClose, user }: MobileNavDrawerProps) {
  const navigate = useNavigate();
  const userMenu = useUserMenu(onClose);
  const go = (to: string) => {
    onClose();
    navigate(to);
  };

  return (
    <Drawer title="菜单" placement="right" size={280} open={open} onClose={onClose} styles={{ body: { padding: 0 } }}>
      {user ? (
        <>
          <Typography.Text strong className="mobile-nav-user">
            {user.username?.trim() || maskPhone(user.phone) || '我的账号'}
          </Typography.Text>
          <Menu mode="inline" selectable={false} items={userMenu.items} onClick={userMenu.onClick} />
        </>
      ) : (
        <Flex gap={8} className="mobile-nav-auth">
          <Button type="primary" block onClick={() => go(paths.login)}>
            登录
          </Button>
          <Button block onClick={() => go(paths.register)}>
            注册
          </Button>
        </Flex>
      )}
      <Menu mode="inline" selectable={false} items={PAGES} onClick={({ key }) => go(key)} className="mobile-nav-pages" />
    </Drawer>
  );
}
