export { registerSubscriptionRoutes } from './subscription.routes.ts';
export { createSubscriptionService } from './subscription.service.ts';
