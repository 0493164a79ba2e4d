export { registerConnectionRoutes } from './connections.routes.ts';
export { type ConnectionsService, createConnectionsService } from './connections.service.ts';
export { createSourcedRowsRemover } from './sourced-rows.ts';
