export { registerSettingsRoutes } from './settings.routes.ts';
export { createSettingsService } from './settings.service.ts';
