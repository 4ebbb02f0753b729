import { Layout } from 'antd';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { isChatPath } from '@/config/paths';
import { AppFooter } from './app-footer';
import { AppHeader } from './app-header';

/** Spec §2: every page sits in header + footer, except chat, which needs the full viewport height. */
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
    <Layout className="app-layout">
      <AppHeader />
      <Layout.Content className="app-content">
        <Outlet />
      </Layout.Content>
      <AppFooter />
      <ScrollRestoration />
    </Layout>
  );
}
