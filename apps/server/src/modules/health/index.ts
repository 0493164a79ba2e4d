export { registerHealthRoutes } from './health.routes.ts';
export { createHealthService } from './health.service.ts';
export { metricsPath, registerMetricsRoutes } from './metrics.routes.ts';
export { createOperatorMetrics, type OperatorMetrics, type QueueCounts } from './operator-metrics.ts';
