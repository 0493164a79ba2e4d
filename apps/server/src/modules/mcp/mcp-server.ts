import type { AccessTokenScope } from '@app/contracts';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import type { McpTool, ToolCallHost } from './tool-kit.ts';
import { mcpTools } from './tools/index.ts';

export const mcpServerName = 'exit-liquidity';

const instructions = [
  "These tools read the user's own crypto portfolio tracker (and, with the token's write scopes, add transactions or alerts).",
  'Every answer is structuredContent { data, provenance }: data is exactly what the REST API answers; provenance gives the currency of its amounts, the base currency, as_of, and the market data source.',
  'When provenance.market.demo or provenance.market.stale is true, say so whenever you quote a price or value: demo prices are simulated, stale ones are old.',
  'Quote provenance.caveats with the figures they concern. Money and quantities are exact decimal strings: do not round them silently.',
].join(' ');

/** A tool exists for a token only when the token carries the tool's scope. */
export function toolsFor(scopes: readonly AccessTokenScope[]): McpTool[] {
  return mcpTools.filter((tool) => scopes.includes(tool.scope));
}

/**
 * One server per HTTP request (the transport is stateless): its tools are the token's, and each
 * call runs as the caller through the host.
 */
export function createMcpServer(input: {
  tools: readonly McpTool[];
  host: ToolCallHost;
  version: string;
}): McpServer {
  const server = new McpServer(
    { name: mcpServerName, title: 'Exit Liquidity', version: input.version },
    { capabilities: { tools: { listChanged: false } }, instructions },
  );
  for (const tool of input.tools) tool.register(server, input.host);
  // The SDK would convert every schema to JSON again on each tools/list; ours are built once.
  const listed = { tools: input.tools.map((tool) => tool.definition()) };
  server.server.setRequestHandler(ListToolsRequestSchema, () => listed);
  return server;
}
