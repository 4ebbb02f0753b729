import { RouterProvider } from 'react-router';
import { paths } from '@/config/paths';
import { useAuthStore } from '@/features/auth/stores/auth-store';
import { setUnauthorizedHandler } from '@/lib/api-client';
import { setPendingNavigationTarget } from '@/lib/page-load';
import { clearChatOnSignOut } from './clear-on-sign-out';
import { AppProvider } from './provider';
import { createAppRouter } from './router';

const router = createAppRouter();

// Registered at import time, before main.tsx starts auth: the very first /auth/me may already answer 401.
// The api-client has cleared storage by then; this drops the in-memory session and moves without a reload.
setUnauthorizedHandler(() => {
  useAuthStore.getState().expireSession();
  void router.navigate(paths.login, { replace: true });
});

clearChatOnSignOut();
setPendingNavigationTarget(() => {
  const to = router.state.navigation.location;
  return to ? `${to.pathname}${to.search}${to.hash}` : null;
});

export function AppRoot() {
  return (
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>
  );
}
