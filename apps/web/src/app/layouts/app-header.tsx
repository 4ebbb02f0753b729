import { MenuOutlined } from '@ant-design/icons';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/controls/button';
import { config } from '@/config/env';
import { paths } from '@/config/paths';
import { useAuthStore } from '@/features/auth/stores/auth-store';
import { useIsMobile } from '@/hooks/use-is-mobile';

// The menu and the drawer pull in antd's Dropdown/Menu/Drawer; a visitor on /login never needs them, so they load
// when first shown.
const UserMenu = lazy(() => import('./user-menu').then((m) => ({ default: m.UserMenu })));
const MobileNavDrawer = lazy(() => import('./mobile-nav-drawer').then((m) => ({ default: m.MobileNavDrawer })));

export function AppHeader() {
  const user = useAuthStore((s) => s.user);
  const isMobile = useIsMobile();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [drawerUsed, setDrawerUsed] = useState(false);

  return (
    <header className="app-header">
      <div className="app-header-inner">
        <Link to={paths.home} className="app-brand" aria-label={`${config.productName}首页`}>
          <img src="/favicon.svg" alt="" width={28} height={28} />
          <span>{config.productName}</span>
        </Link>
        {isMobile ? (
          <Button
            variant="text"
            icon={<MenuOutlined aria-hidden />}
            aria-label="打开菜单"
            onClick={() => {
              setDrawerUsed(true);
              setDrawerOpen(true);
            }}
          />
        ) : user ? (
          <Suspense fallback={null}>
            <UserMenu user={user} />
          </Suspense>
        ) : (
          <div className="app-header-actions">
            {/* Links, since they go to a page (a long press opens it in a new tab), in the look of antd's buttons. */}
            <Link to={paths.login} className="btn btn-text">
              登录
            </Link>
            <Link to={paths.register} className="btn btn-primary">
              注册
            </Link>
          </div>
        )}
      </div>
      {isMobile && drawerUsed ? (
        <Suspense fallback={null}>
          <MobileNavDrawer open={drawerOpen} onClose={() => setDrawerOpen(false)} user={user} />
        </Suspense>
      ) : null}
    </header>
  );
}
