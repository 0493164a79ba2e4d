export { registerPortfolioRoutes } from './portfolios.routes.ts';
export { createPortfoliosService } from './portfolios.service.ts';
