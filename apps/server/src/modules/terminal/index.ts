export { registerTerminalRoutes } from './terminal.routes.ts';
export { createTerminalService } from './terminal.service.ts';
