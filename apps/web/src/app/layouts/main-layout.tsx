import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { isChatPath } from '@/config/paths';
import { AppFooter } from './app-footer';
import { AppHeader } from './app-header';

/**
 * Spec §2: every page sits in header + footer, except chat, which needs the full viewport height. Plain elements
 * styled in global.css: this frame is on the first screen of every page, and antd's Layout adds only a Sider we do
 * not use.
 */
export function MainLayout() {
  const { pathname } = useLocation();
  if (isChatPath(pathname)) {
    return (
      <>
        <Outlet />
        <ScrollRestoration />
      </>
    );
  }
  return (
    <div className="app-layout">
      <AppHeader />
      <main className="app-content">
        <Outlet />
      </main>
      <AppFooter />
      <ScrollRestoration />
    </div>
  );
}
