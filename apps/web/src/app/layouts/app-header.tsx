import { Button, Flex, Layout } from 'antd';
import { MenuOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { config } from '@/config/env';
import { paths } from '@/config/paths';
import { useAuthStore } from '@/features/auth/stores/auth-store';
import { useIsMobile } from '@/hooks/use-is-mobile';
import { MobileNavDrawer } from './mobile-nav-drawer';
import { UserMenu } from './user-menu';

export function AppHeader() {
  const user = useAuthStore((s) => s.user);
  const isMobile = useIsMobile();
  const navigate = useNavigate();
  const [drawerOpen, setDrawerOpen] = useState(false);

  return (
    <Layout.Header className="app-header">
      <Flex align="center" justify="space-between" className="app-header-inner">
        <Link to={paths.home} className="app-brand" aria-label={`${config.productName}首页`}>
          <img src="/favicon.svg" alt="" width={28} height={28} />
          <span>{config.productName}</span>
        </Link>
        {isMobile ? (
          <Button type="text" icon={<MenuOutlined />} aria-label="打开菜单" onClick={() => setDrawerOpen(true)} />
        ) : user ? (
          <UserMenu user={user} />
        ) : (
          <Flex gap={8}>
            <Button type="text" onClick={() => navigate(paths.login)}>
              登录
            </Button>
            <Button type="primary" onClick={() => navigate(paths.register)}>
              注册
            </Button>
          </Flex>
        )}
      </Flex>
      {isMobile ? <MobileNavDrawer open={drawerOpen} onClose={() => setDrawerOpen(false)} user={user} /> : null}
    </Layout.Header>
  );
}
