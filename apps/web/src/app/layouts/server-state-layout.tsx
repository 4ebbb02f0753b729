import { QueryClientProvider } from '@tanstack/react-query';
import { Outlet } from 'react-router';
import { useAuthStore } from '@/features/auth/stores/auth-store';
import { queryClient } from '@/lib/query-client';

// What one account read must never show to the next one on a shared phone: the cache empties whenever the
// signed-in user changes (sign-out, a session that expired, another account signing in).
useAuthStore.subscribe((state, previous) => {
  if (state.user?.id !== previous.user?.id) queryClient.clear();
});

/**
 * The route layout that gives the signed-in pages (and the public reward lists) the query cache (ADR 013). It is a
 * lazy route of its own, so TanStack Query loads with those pages and never with /login or the text pages.
 */
export function ServerStateLayout() {
  return (
    <QueryClientProvider client={queryClient}>
      <Outlet />
    </QueryClientProvider>
  );
}
