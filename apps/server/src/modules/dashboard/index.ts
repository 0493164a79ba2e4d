export { coinFingerprint } from './coin-fingerprint.ts';
export { registerDashboardRoutes } from './dashboard.routes.ts';
export { createDashboardService } from './dashboard.service.ts';
export { createClosesFallback } from './performance.ts';
