import { QueryClient } from '@tanstack/react-query';

/**
 * Server state (ADR 013): what the browser has read from the API lives in TanStack Query's cache, keyed by what it
 * depends on. The defaults keep the pages behaving as they did before the library: a failed read shows its error at
 * once instead of after three silent retries (the api-client already words every failure), and nothing refetches
 * behind the user's back on focus or reconnect; a query that wants either asks for it.
 *
 * Imported only by code behind the signed-in routes (app/layouts/server-state-layout.tsx), so /login and the text
 * pages never download it.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, refetchOnReconnect: false },
      mutations: { retry: false },
    },
  });
}

/** The app's one cache; tests make their own with createQueryClient() so no answer leaks between them. */
export const queryClient = createQueryClient();
