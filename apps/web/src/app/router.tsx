import { createBrowserRouter, type RouteObject } from 'react-router';
import { paths } from '@/config/paths';
import { BindPhonePage } from '@/features/auth/components/bind-phone-page';
import { ProtectedRoute } from '@/features/auth/components/protected-route';
import { UrlTokenGate } from '@/features/auth/components/url-token-gate';
import { AboutPage } from '@/features/static-pages/components/about-page';
import { ContactPage } from '@/features/static-pages/components/contact-page';
import { PrivacyPage } from '@/features/static-pages/components/privacy-page';
import { TermsPage } from '@/features/static-pages/components/terms-page';
import { MainLayout } from './layouts/main-layout';
import { BaziInputPage } from '@/features/bazi/components/bazi-input-page';
import { BaziResultPage } from '@/features/bazi/components/bazi-result-page';
import { ChatRoute } from './routes/chat';
import { HomeRoute } from './routes/home';
import { LoginRoute } from './routes/login';
import { NotFoundRoute } from './routes/not-found';
import { ProfileRoute } from './routes/profile';
import { RegisterRoute } from './routes/register';
import { RewardHistoryRoute } from './routes/reward-history';
import { RewardListRoute } from './routes/reward-list';
import { RouteError } from './routes/route-error';
import { TokenHandlerRoute } from './routes/token-handler';
import { TokenStatsRoute } from './routes/token-stats';

/**
 * The route table of spec §2 in one place. Access rules:
 * - UrlTokenGate ("auth wrapper"): takes ?token= from the address first; every route except the static pages.
 * - ProtectedRoute: signed-in users only (the '/' shell and /profile).
 * - /rewardlist and /rewardhistory are deliberately not guarded (spec); their pages handle "please log in".
 */
export const routes: RouteObject[] = [
  {
    element: <MainLayout />,
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
          { index: true, element: <HomeRoute /> },
          { path: paths.baziInput.slice(1), element: <BaziInputPage /> },
          { path: paths.baziResult.slice(1), element: <BaziResultPage /> },
          { path: paths.chat.slice(1), element: <ChatRoute /> },
          { path: paths.tokenStats.slice(1), element: <TokenStatsRoute /> },
        ],
      },
      {
        element: <UrlTokenGate />,
        children: [
          { path: paths.login, element: <LoginRoute /> },
          { path: paths.register, element: <RegisterRoute /> },
          { path: paths.rewardList, element: <RewardListRoute /> },
          { path: paths.rewardHistory, element: <RewardHistoryRoute /> },
          { path: paths.profile, element: <ProtectedRoute><ProfileRoute /></ProtectedRoute> },
          { path: paths.bindPhone, element: <BindPhonePage /> },
          { path: paths.tokenHandler, element: <TokenHandlerRoute /> },
        ],
      },
      { path: paths.about, element: <AboutPage /> },
      { path: paths.privacy, element: <PrivacyPage /> },
      { path: paths.terms, element: <TermsPage /> },
      { path: paths.contact, element: <ContactPage /> },
      { path: '*', element: <NotFoundRoute /> },
    ],
  },
];

export const createAppRouter = () => createBrowserRouter(routes);
