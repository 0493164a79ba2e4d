// Longer than a component should be: it is the route table, every page and its path in one place to read.
import { type ComponentType, isValidElement, lazy } from 'react';
import { createRoutesFromElements, matchRoutes, Route, useRoutes } from 'react-router';
import { trackStartupLoad } from '@/lib/startup-settled';
import { NotFoundRoute } from './not-found-route';
import { ProtectedLayout } from './protected-layout';
import { RootShell } from './root-shell';

interface PageLoader {
  load: () => Promise<unknown>;
  /** Loads the page's code, then starts what it needs first at `pathname` beyond that code. */
  loadAt: (pathname: string) => Promise<unknown>;
}

/** Each lazy page's loader, by its component: `pageAt` starts one before the page renders. */
const loaders = new Map<unknown, PageLoader>();

/**
 * Each page is its own chunk. Declarative routes, not the
 * data router: the app uses no loaders or actions, and the data router would add its weight
 * to every page's initial JavaScript. `firstParts` names what the page loads only once mounted
 * but needs for its first content (its answers' schemas, a lazily drawn view), for `preloadPageAt`.
 */
const page = <M,>(
  importPage: () => Promise<M>,
  pick: (m: M) => ComponentType,
  firstParts?: (m: M, pathname: string) => void,
) => {
  const load = () => trackStartupLoad(importPage());
  const component = lazy(async () => ({ default: pick(await load()) }));
  loaders.set(component, {
    load,
    loadAt: (pathname) =>
      load().then((m) => {
        firstParts?.(m, pathname);
        return m;
      }),
  });
  return component;
};

const LandingRoute = page(
  () => import('./routes/landing-route'),
  (m) => m.LandingRoute,
);
const LoginPage = page(
  () => import('@/features/auth/components/login-page'),
  (m) => m.LoginPage,
);
const RegisterPage = page(
  () => import('@/features/auth/components/register-page'),
  (m) => m.RegisterPage,
);
const CompleteSignupPage = page(
  () => import('@/features/auth/components/complete-signup-page'),
  (m) => m.CompleteSignupPage,
);
const SignupPendingPage = page(
  () => import('@/features/auth/components/signup-pending-page'),
  (m) => m.SignupPendingPage,
);
const TerminalRoute = page(
  () => import('./routes/terminal-route'),
  (m) => m.TerminalRoute,
);
const MetricsPage = page(
  () => import('@/features/dashboard/metrics-page'),
  (m) => m.MetricsPage,
  (m) => m.preloadDashboardSchemas(),
);
const CoinDetailRoute = page(
  () => import('./routes/coin-detail-route'),
  (m) => m.CoinDetailRoute,
);
const TransactionsPage = page(
  () => import('@/features/transactions/transactions-page'),
  (m) => m.TransactionsPage,
);
const PortfoliosPage = page(
  () => import('@/features/portfolios/portfolios-page'),
  (m) => m.PortfoliosPage,
);
const PortfolioDetailRoute = page(
  () => import('./routes/portfolio-detail-route'),
  (m) => m.PortfolioDetailRoute,
);
const ProjectionsPage = page(
  () => import('@/features/projections/projections-page'),
  (m) => m.ProjectionsPage,
  (m, pathname) => m.preloadProjectionsFirstParts(pathname),
);
const TransfersPage = page(
  () => import('@/features/transfers/transfers-page'),
  (m) => m.TransfersPage,
);
const TaxPage = page(
  () => import('@/features/tax/tax-page'),
  (m) => m.TaxPage,
);
const InsightsRoute = page(
  () => import('./routes/insights-route'),
  (m) => m.InsightsRoute,
);
const AlertsPage = page(
  () => import('@/features/alerts/alerts-page'),
  (m) => m.AlertsPage,
);
const NotificationsPage = page(
  () => import('@/features/notifications/notifications-page'),
  (m) => m.NotificationsPage,
);
const SettingsIndexRoute = page(
  () => import('./routes/settings-index-route'),
  (m) => m.SettingsIndexRoute,
);
const InstanceSettingsRoute = page(
  () => import('./routes/instance-settings-route'),
  (m) => m.InstanceSettingsRoute,
);
const ProfileSettingsRoute = page(
  () => import('./routes/profile-settings-route'),
  (m) => m.ProfileSettingsRoute,
);
const NotificationsSettingsRoute = page(
  () => import('./routes/notifications-settings-route'),
  (m) => m.NotificationsSettingsRoute,
);
const AppearanceSettingsPage = page(
  () => import('@/features/settings/appearance-settings-page'),
  (m) => m.AppearanceSettingsPage,
);
const SubscriptionSettingsRoute = page(
  () => import('./routes/subscription-settings-route'),
  (m) => m.SubscriptionSettingsRoute,
);
const ConnectionsPage = page(
  () => import('@/features/connections/connections-page'),
  (m) => m.ConnectionsPage,
);
const ApiAccessPage = page(
  () => import('@/features/access-tokens/api-access-page'),
  (m) => m.ApiAccessPage,
);
const ConnectionDetailRoute = page(
  () => import('./routes/connection-detail-route'),
  (m) => m.ConnectionDetailRoute,
);
const VerifyEmailPage = page(
  () => import('@/features/auth/components/verify-email-page'),
  (m) => m.VerifyEmailPage,
);

/** Every route of the product. */
const routes = (
  <Route element={<RootShell />}>
    <Route path="landing" element={<LandingRoute />} />
    <Route path="login" element={<LoginPage />} />
    <Route path="register" element={<RegisterPage />} />
    <Route path="auth/complete-signup" element={<CompleteSignupPage />} />
    <Route path="auth/signup-pending" element={<SignupPendingPage />} />
    <Route element={<ProtectedLayout />}>
      <Route index element={<TerminalRoute />} />
      <Route path="terminal" element={<TerminalRoute />} />
      <Route path="dashboard" element={<MetricsPage />} />
      <Route path="cryptocurrencies/:id" element={<CoinDetailRoute />} />
      <Route path="transactions" element={<TransactionsPage />} />
      <Route path="portfolios" element={<PortfoliosPage />} />
      <Route path="portfolios/:id" element={<PortfolioDetailRoute />} />
      <Route path="projections" element={<ProjectionsPage />} />
      <Route path="projections/:id" element={<ProjectionsPage />} />
      <Route path="tax" element={<TaxPage />} />
      <Route path="transfers" element={<TransfersPage />} />
      <Route path="insights" element={<InsightsRoute />} />
      <Route path="alerts" element={<AlertsPage />} />
      <Route path="notifications" element={<NotificationsPage />} />
      <Route path="settings" element={<SettingsIndexRoute />} />
      <Route path="settings/instance" element={<InstanceSettingsRoute />} />
      <Route path="settings/profile" element={<ProfileSettingsRoute />} />
      <Route path="settings/notifications" element={<NotificationsSettingsRoute />} />
      <Route path="settings/appearance" element={<AppearanceSettingsPage />} />
      <Route path="settings/subscription" element={<SubscriptionSettingsRoute />} />
      <Route path="settings/connections" element={<ConnectionsPage />} />
      <Route path="settings/connections/:id" element={<ConnectionDetailRoute />} />
      <Route path="settings/api-access" element={<ApiAccessPage />} />
      <Route path="verify-email" element={<VerifyEmailPage />} />
    </Route>
    <Route path="*" element={<NotFoundRoute />} />
  </Route>
);

/**
 * The route objects, made once: `<Routes>` remade them from the elements on every render, and
 * `pageAt` once more at start.
 */
const routeObjects = createRoutesFromElements(routes);

export function AppRoutes() {
  return useRoutes(routeObjects);
}

/**
 * Starts loading the code of the page at `pathname`, then what that page needs first
 * beyond it (`firstParts`). The app calls it at start for a browser that is very likely signed
 * in: the page's chunk and its imports then travel beside the session check instead of after the
 * layout's first render, two or three round trips later. Settles, never rejecting, once the
 * page's code is in and its first parts have started.
 */
export function preloadPageAt(pathname: string): Promise<void> {
  // A failed load is tried again, and reported, when the page renders.
  return Promise.resolve(loaderAt(pathname)?.loadAt(pathname)).then(
    () => undefined,
    () => undefined,
  );
}

function loaderAt(pathname: string): PageLoader | undefined {
  const element = matchRoutes(routeObjects, pathname)?.at(-1)?.route.element;
  return isValidElement(element) ? loaders.get(element.type) : undefined;
}

/** The lazily loaded page the routes render at `pathname`; undefined for one in the main chunk. */
export function pageAt(pathname: string): { preload: () => Promise<unknown> } | undefined {
  const loader = loaderAt(pathname);
  return loader && { preload: loader.load };
}
