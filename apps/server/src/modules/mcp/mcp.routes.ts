import type { MarketSource, User } from '@app/contracts';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import type { RequestId } from '@modelcontextprotocol/sdk/types.js';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Clock } from '../../lib/clock.ts';
import {
  type AccessTokenResolver,
  bearerToken,
  invalidToken,
  type RequestAccessToken,
} from '../../plugins/access-token-auth.ts';
import type { InternalRequestMark } from '../../plugins/internal-requests.ts';
import { createMcpServer, toolsFor } from './mcp-server.ts';
import { restCaller } from './rest-client.ts';
import type { ToolCallHost } from './tool-kit.ts';
import { mcpTools } from './tools/index.ts';

export const mcpPath = '/mcp';

export interface McpRouteDeps {
  tokens: AccessTokenResolver;
  /** The per-token limit the API uses: one MCP request counts as one request. */
  limit(tokenId: string): Promise<void>;
  internal: InternalRequestMark;
  market(): MarketSource;
  baseCurrency(userId: string): Promise<string>;
  clock: Clock;
  version: string;
  /** The one web origin a browser may call `/mcp` from (the app's own). */
  publicOrigin: string;
}

interface Caller {
  user: User;
  token: RequestAccessToken;
}

/** The MCP transport reads only these; the token and cookies stay out of its request. */
const forwardedHeaders = [
  'accept',
  'content-type',
  'mcp-protocol-version',
  'mcp-session-id',
  'last-event-id',
];

function webRequest(request: FastifyRequest): Request {
  const headers = new Headers();
  for (const name of forwardedHeaders) {
    const value = request.headers[name];
    if (typeof value === 'string') headers.set(name, value);
  }
  return new Request(`http://localhost${mcpPath}`, { method: request.method, headers });
}

interface ToolCallMessage {
  id: RequestId;
  name: string;
}

/** The tools/call requests of a JSON-RPC body (one message or a batch). */
function toolCalls(body: unknown): ToolCallMessage[] {
  const messages: unknown[] = Array.isArray(body) ? body : [body];
  const calls: ToolCallMessage[] = [];
  for (const message of messages) {
    if (typeof message !== 'object' || message === null) continue;
    const { method, id, params } = message as { method?: unknown; id?: unknown; params?: unknown };
    if (method !== 'tools/call' || (typeof id !== 'string' && typeof id !== 'number')) continue;
    const name =
      typeof params === 'object' && params !== null ? (params as { name?: unknown }).name : undefined;
    calls.push({ id, name: typeof name === 'string' ? name : '' });
  }
  return calls;
}

const knownTools = new Set(mcpTools.map((t) => t.name));

/**
 * `/mcp`: a Model Context Protocol server over Streamable HTTP, stateless (every POST stands
 * alone), for assistants and scripts. It lives outside `/api` and takes personal access tokens
 * only: cookies are never read here, so a browser's session cannot act through it, and no CSRF
 * token is asked for. Each tool calls the REST routes as the caller (see rest-client.ts).
 */
export async function registerMcpRoutes(app: FastifyInstance, deps: McpRouteDeps): Promise<void> {
  const callers = new WeakMap<FastifyRequest, Caller>();

  // Before the body is read: a caller without a valid token learns nothing else. A browser page
  // of another origin is refused before that (a rebinding attack would come as one).
  async function authenticate(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const origin = request.headers.origin;
    if (origin !== undefined && origin !== deps.publicOrigin) {
      return reply
        .code(403)
        .send({ jsonrpc: '2.0', error: { code: -32000, message: 'Origin not allowed.' }, id: null });
    }
    const bearer = bearerToken(request);
    const resolved = bearer ? await deps.tokens.resolve(bearer, request.ip) : null;
    if (!resolved) {
      reply.header('www-authenticate', 'Bearer');
      throw invalidToken();
    }
    await deps.limit(resolved.token.id);
    callers.set(request, { user: resolved.user, token: resolved.token });
  }

  function callerOf(request: FastifyRequest): Caller {
    const caller = callers.get(request);
    if (!caller) throw invalidToken();
    return caller;
  }

  // Stateless: no stream to open and no session to end. JSON-RPC's own error shape, as MCP clients read it.
  app.route({
    method: ['GET', 'DELETE'],
    url: mcpPath,
    onRequest: authenticate,
    handler: async (_request, reply) =>
      reply
        .code(405)
        .header('allow', 'POST')
        .send({ jsonrpc: '2.0', error: { code: -32000, message: 'Method not allowed.' }, id: null }),
  });

  app.post(mcpPath, { onRequest: authenticate }, async (request, reply) => {
    const caller = callerOf(request);
    const statuses = new Map<RequestId, number>();
    let baseCurrency: Promise<string> | undefined;
    const host: ToolCallHost = {
      context: () => ({
        rest: restCaller(app, request, deps.internal),
        baseCurrency: () => {
          baseCurrency ??= deps.baseCurrency(caller.user.id);
          return baseCurrency;
        },
      }),
      market: deps.market,
      now: deps.clock,
      settled: (id, status) => statuses.set(id, status),
      unexpected: (tool, error) => request.log.error({ err: error, tool }, 'mcp tool failed'),
    };
    const tools = toolsFor(caller.token.scopes);
    const server = createMcpServer({ tools, host, version: deps.version });
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
    });
    try {
      await server.connect(transport);
      const response = await transport.handleRequest(webRequest(request), { parsedBody: request.body });
      for (const call of toolCalls(request.body)) {
        // A call the SDK refused before the tool ran: an unknown or unlisted tool, or bad arguments.
        const status = statuses.get(call.id) ?? (tools.some((t) => t.name === call.name) ? 400 : 404);
        deps.tokens.recordUse(caller.token.id, {
          kind: 'tool',
          // Only our own tool names are kept: the name a caller sent is not stored as written.
          target: knownTools.has(call.name) ? call.name : '(unknown tool)',
          status,
        });
      }
      reply.code(response.status);
      response.headers.forEach((value, key) => {
        reply.header(key, value);
      });
      // Bytes as the transport wrote them: decoding a large answer to a string only to encode it again costs.
      const body = Buffer.from(await response.arrayBuffer());
      return body.length === 0 ? reply.send() : reply.send(body);
    } finally {
      await transport.close();
      await server.close();
    }
  });
}
