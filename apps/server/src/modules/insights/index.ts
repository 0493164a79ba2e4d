export { registerInsightsRoutes } from './insights.routes.ts';
export { createInsightsService } from './insights.service.ts';
