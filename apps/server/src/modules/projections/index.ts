export {
  findProjection,
  hasProjections,
  insertProjection,
  listTransactions,
  replaceTransactions,
} from './projections.repository.ts';
export { registerProjectionRoutes } from './projections.routes.ts';
export { createProjectionsService } from './projections.service.ts';
