import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { LoadingScreen } from '@/components/ui/loading-screen';
import { NotFoundRoute } from './not-found-route';
import { ProtectedLayout } from './protected-layout';
import { RootShell } from './root-shell';

/** Each page is its own chunk (DESIGN §6 "Routes are code-split"). */
const page =
  <M,>(load: () => Promise<M>, pick: (m: M) => ComponentType) =>
  async () => ({ Component: pick(await load()) });

/** Spec §2: every route of the product. */
export const appRoutes: RouteObject[] = [
  {
    element: <RootShell />,
    HydrateFallback: LoadingScreen,
    children: [
      {
        path: 'landing',
        lazy: page(
          () => import('./routes/landing-route'),
          (m) => m.LandingRoute,
        ),
      },
      {
        path: 'login',
        lazy: page(
          () => import('@/features/auth/components/login-page'),
          (m) => m.LoginPage,
        ),
      },
      {
        path: 'register',
        lazy: page(
          () => import('@/features/auth/components/register-page'),
          (m) => m.RegisterPage,
        ),
      },
      {
        path: 'auth/complete-signup',
        lazy: page(
          () => import('@/features/auth/components/complete-signup-page'),
          (m) => m.CompleteSignupPage,
        ),
      },
      {
        path: 'auth/signup-pending',
        lazy: page(
          () => import('@/features/auth/components/signup-pending-page'),
          (m) => m.SignupPendingPage,
        ),
      },
      {
        element: <ProtectedLayout />,
        children: [
          {
            index: true,
            lazy: page(
              () => import('./routes/terminal-route'),
              (m) => m.TerminalRoute,
            ),
          },
          {
            path: 'terminal',
            lazy: page(
              () => import('./routes/terminal-route'),
              (m) => m.TerminalRoute,
            ),
          },
          {
            path: 'dashboard',
            lazy: page(
              () => import('@/features/dashboard/metrics-page'),
              (m) => m.MetricsPage,
            ),
          },
          {
            path: 'cryptocurrencies/:id',
            lazy: page(
              () => import('./routes/coin-detail-route'),
              (m) => m.CoinDetailRoute,
            ),
          },
          {
            path: 'transactions',
            lazy: page(
              () => import('@/features/transactions/transactions-page'),
              (m) => m.TransactionsPage,
            ),
          },
          {
            path: 'portfolios',
            lazy: page(
              () => import('@/features/portfolios/portfolios-page'),
              (m) => m.PortfoliosPage,
            ),
          },
          {
            path: 'portfolios/:id',
            lazy: page(
              () => import('./routes/portfolio-detail-route'),
              (m) => m.PortfolioDetailRoute,
            ),
          },
          {
            path: 'projections',
            lazy: page(
              () => import('@/features/projections/projections-page'),
              (m) => m.ProjectionsPage,
            ),
          },
          {
            path: 'projections/:id',
            lazy: page(
              () => import('@/features/projections/projections-page'),
              (m) => m.ProjectionsPage,
            ),
          },
          {
            path: 'insights',
            lazy: page(
              () => import('./routes/insights-route'),
              (m) => m.InsightsRoute,
            ),
          },
          {
            path: 'alerts',
            lazy: page(
              () => import('@/features/alerts/alerts-page'),
              (m) => m.AlertsPage,
            ),
          },
          {
            path: 'notifications',
            lazy: page(
              () => import('@/features/notifications/notifications-page'),
              (m) => m.NotificationsPage,
            ),
          },
          {
            path: 'settings',
            lazy: page(
              () => import('@/features/settings/settings-index-page'),
              (m) => m.SettingsIndexPage,
            ),
          },
          {
            path: 'settings/profile',
            lazy: page(
              () => import('./routes/profile-settings-route'),
              (m) => m.ProfileSettingsRoute,
            ),
          },
          {
            path: 'settings/notifications',
            lazy: page(
              () => import('./routes/notifications-settings-route'),
              (m) => m.NotificationsSettingsRoute,
            ),
          },
          {
            path: 'settings/appearance',
            lazy: page(
              () => import('@/features/settings/appearance-settings-page'),
              (m) => m.AppearanceSettingsPage,
            ),
          },
          {
            path: 'settings/subscription',
            lazy: page(
              () => import('./routes/subscription-settings-route'),
              (m) => m.SubscriptionSettingsRoute,
            ),
          },
          {
            path: 'verify-email',
            lazy: page(
              () => import('@/features/auth/components/verify-email-page'),
              (m) => m.VerifyEmailPage,
            ),
          },
        ],
      },
      { path: '*', Component: NotFoundRoute },
    ],
  },
];
