export { type AlertEngineRunner, runAlertEngineOnRefresh } from './alert-engine.job.ts';
export { type AlertEngine, createAlertEngine } from './alert-engine.ts';
export { alertCurrency, historyDaysFor } from './alert-history.ts';
export { type AlertRow, countActiveAlerts, listAlerts } from './alerts.repository.ts';
export { registerAlertRoutes } from './alerts.routes.ts';
export { createAlertsService } from './alerts.service.ts';
