export { registerIndicatorRoutes } from './indicators.routes.ts';
export { createIndicatorsService } from './indicators.service.ts';
