import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { AppProvider } from '@/app/provider';
import { createQueryClient } from '@/lib/query-client';

/**
 * Renders routes inside the real providers at `path`, with a query cache of its own (nothing read in one test shows
 * up in the next); returns the router so tests can assert where it went.
 */
export function renderRoutes(routes: RouteObject[], path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = render(
    <AppProvider>
      <QueryClientProvider client={createQueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </AppProvider>,
  );
  return { router, ...view };
}

export function renderAt(element: ReactElement, path = '/', extra: RouteObject[] = []) {
  const pathname = path.split('?')[0] ?? '/';
  return renderRoutes([{ path: pathname, element }, { path: '*', element: <div>其他页面</div> }, ...extra], path);
}
