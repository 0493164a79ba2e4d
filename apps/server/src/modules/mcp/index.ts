export { type McpRouteDeps, mcpPath, registerMcpRoutes } from './mcp.routes.ts';
export { mcpServerName, toolsFor } from './mcp-server.ts';
export { type Provenance, provenanceSchema } from './provenance.ts';
export type { McpTool } from './tool-kit.ts';
export { mcpTools } from './tools/index.ts';
