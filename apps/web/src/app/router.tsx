import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { paths } from '@/config/paths';
import { ProtectedRoute } from '@/features/auth/components/protected-route';
import { UrlTokenGate } from '@/features/auth/components/url-token-gate';
import { MainLayout } from './layouts/main-layout';
import { loadPage } from '@/lib/page-load';
import { BootFallback } from './routes/boot-fallback';
import { RouteError } from './routes/route-error';

/**
 * Each page is its own chunk, loaded when its route is first visited: a phone opening /login downloads the login
 * form, not the chat's markdown renderer or the Bazi tables (docs/benchmarks.md, initial JS budget). A chunk that
 * cannot be loaded (offline, or gone after a deploy) goes to RouteError, which is in the first bundle (issue 19).
 */
const page =
  <M,>(load: () => Promise<M>, pick: (m: M) => ComponentType) =>
  async () => ({ Component: pick(await loadPage(load)) });

// The query cache (ADR 013) is a layout route of its own, loaded beside the page that needs it (React Router loads
// every matched route's lazy part at once) and never by /login, /register or the text pages.
const serverState = page(
  () => import('./layouts/server-state-layout'),
  (m) => m.ServerStateLayout,
);

/**
 * The route table of spec §2 in one place. Access rules:
 * - UrlTokenGate ("auth wrapper"): takes ?token= from the address first; every route except the static pages.
 * - ProtectedRoute: signed-in users only (the '/' shell and /profile).
 * - /rewardlist and /rewardhistory are deliberately not guarded (spec); their pages handle "please log in", and so
 *   do /orders, /admin/orders and /admin/offers (the server decides who is an admin).
 */
export const routes: RouteObject[] = [
  {
    element: <MainLayout />,
    hydrateFallbackElement: <BootFallback />,
    errorElement: <RouteError />,
    children: [
      {
        // A page that fails (or cannot be loaded) shows its error inside the header and footer, not instead of them.
        errorElement: <RouteError />,
        children: [
          {
            path: paths.home,
            element: (
              <UrlTokenGate>
                <ProtectedRoute />
              </UrlTokenGate>
            ),
            children: [
              {
                lazy: serverState,
                children: [
                  {
                    index: true,
                    lazy: page(
                      () => import('./routes/home'),
                      (m) => m.HomeRoute,
                    ),
                  },
                  {
                    path: paths.baziInput.slice(1),
                    lazy: page(
                      () => import('@/features/bazi/components/bazi-input-page'),
                      (m) => m.BaziInputPage,
                    ),
                  },
                  {
                    path: paths.baziResult.slice(1),
                    lazy: page(
                      () => import('./routes/bazi-result'),
                      (m) => m.BaziResultRoute,
                    ),
                  },
                  {
                    path: paths.baziPairing.slice(1),
                    lazy: page(
                      () => import('@/features/bazi/components/pairing-page'),
                      (m) => m.PairingPage,
                    ),
                  },
                  {
                    path: paths.chat.slice(1),
                    lazy: page(
                      () => import('./routes/chat'),
                      (m) => m.ChatRoute,
                    ),
                  },
                  {
                    path: paths.chatDefault.slice(1),
                    lazy: page(
                      () => import('./routes/chat'),
                      (m) => m.ChatRoute,
                    ),
                  },
                  {
                    path: paths.reportQueue.slice(1),
                    lazy: page(
                      () => import('./routes/report-queue'),
                      (m) => m.ReportQueueRoute,
                    ),
                  },
                  {
                    path: paths.tokenStats.slice(1),
                    lazy: page(
                      () => import('./routes/token-stats'),
                      (m) => m.TokenStatsRoute,
                    ),
                  },
                ],
              },
            ],
          },
          {
            element: <UrlTokenGate />,
            children: [
              {
                path: paths.login,
                lazy: page(
                  () => import('./routes/login'),
                  (m) => m.LoginRoute,
                ),
              },
              {
                path: paths.resetPassword,
                lazy: page(
                  () => import('@/features/auth/components/reset-password-page'),
                  (m) => m.ResetPasswordPage,
                ),
              },
              {
                path: paths.register,
                lazy: page(
                  () => import('./routes/register'),
                  (m) => m.RegisterRoute,
                ),
              },
              {
                lazy: serverState,
                children: [
                  {
                    path: paths.rewardList,
                    lazy: page(
                      () => import('./routes/reward-list'),
                      (m) => m.RewardListRoute,
                    ),
                  },
                  {
                    path: paths.rewardHistory,
                    lazy: page(
                      () => import('./routes/reward-history'),
                      (m) => m.RewardHistoryRoute,
                    ),
                  },
                  {
                    path: paths.orders,
                    lazy: page(
                      () => import('./routes/orders'),
                      (m) => m.OrdersRoute,
                    ),
                  },
                  {
                    path: paths.adminOrders,
                    lazy: page(
                      () => import('./routes/admin-orders'),
                      (m) => m.AdminOrdersRoute,
                    ),
                  },
                  {
                    path: paths.adminOffers,
                    lazy: page(
                      () => import('./routes/admin-offers'),
                      (m) => m.AdminOffersRoute,
                    ),
                  },
                  {
                    element: <ProtectedRoute />,
                    children: [
                      {
                        path: paths.profile,
                        lazy: page(
                          () => import('./routes/profile'),
                          (m) => m.ProfileRoute,
                        ),
                      },
                      {
                        path: paths.memory,
                        lazy: page(
                          () => import('@/features/memory/components/memory-page'),
                          (m) => m.MemoryPage,
                        ),
                      },
                    ],
                  },
                ],
              },
              {
                path: paths.bindPhone,
                lazy: page(
                  () => import('@/features/auth/components/bind-phone-page'),
                  (m) => m.BindPhonePage,
                ),
              },
              {
                path: paths.tokenHandler,
                lazy: page(
                  () => import('./routes/token-handler'),
                  (m) => m.TokenHandlerRoute,
                ),
              },
            ],
          },
          {
            path: paths.about,
            lazy: page(
              () => import('./routes/about'),
              (m) => m.AboutRoute,
            ),
          },
          {
            path: paths.privacy,
            lazy: page(
              () => import('@/features/static-pages/components/privacy-page'),
              (m) => m.PrivacyPage,
            ),
          },
          {
            path: paths.terms,
            lazy: page(
              () => import('@/features/static-pages/components/terms-page'),
              (m) => m.TermsPage,
            ),
          },
          {
            path: paths.contact,
            lazy: page(
              () => import('@/features/static-pages/components/contact-page'),
              (m) => m.ContactPage,
            ),
          },
          {
            path: '*',
            lazy: page(
              () => import('./routes/not-found'),
              (m) => m.NotFoundRoute,
            ),
          },
        ],
      },
    ],
  },
];

export const createAppRouter = () => createBrowserRouter(routes);
