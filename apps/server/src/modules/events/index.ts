export { registerEventRoutes } from './events.routes.ts';
export { createStreamHub } from './stream-hub.ts';
