export { registerPortfolioRoutes } from './portfolios.routes.ts';
export { createPortfoliosService } from './portfolios.service.ts';
export { registerShareRoutes } from './shares.routes.ts';
export { createSharesService } from './shares.service.ts';
