import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { describe, expect, it } from 'vitest';
import { createMcpServer } from './mcp-server.ts';
import type { ToolCallHost } from './tool-kit.ts';
import { mcpTools } from './tools/index.ts';

const idleHost: ToolCallHost = {
  context: () => {
    throw new Error('no tool runs in this test');
  },
  market: () => ({ source: 'coingecko', mode: 'live', as_of: new Date(0).toISOString(), stale: false }),
  now: () => new Date(0),
  settled: () => undefined,
  unexpected: () => undefined,
};

async function listedBy(server: McpServer) {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: 'list-check', version: '1' });
  await client.connect(clientSide);
  const { tools } = await client.listTools();
  await client.close();
  return tools;
}

describe('the tools/list answer built once', () => {
  it('is what the SDK lists for the same tools registered with their schemas', async () => {
    const sdk = new McpServer({ name: 'sdk', version: '1' });
    for (const tool of mcpTools) {
      const definition = tool.definition();
      sdk.registerTool(
        tool.name,
        {
          ...(definition.title === undefined ? {} : { title: definition.title }),
          description: tool.description,
          inputSchema: tool.inputSchema,
          outputSchema: tool.outputSchema,
          ...(definition.annotations === undefined ? {} : { annotations: definition.annotations }),
        },
        () => ({ content: [] }),
      );
    }
    const ours = await listedBy(createMcpServer({ tools: mcpTools, host: idleHost, version: '1' }));
    expect(ours).toEqual(await listedBy(sdk));
    expect(ours.map((t) => t.name)).toEqual(mcpTools.map((t) => t.name));
  });
});
