export { registerWatchlistRoutes } from './watchlists.routes.ts';
export { createWatchlistsService } from './watchlists.service.ts';
