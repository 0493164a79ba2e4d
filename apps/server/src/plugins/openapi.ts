import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { apiBase, errorCatalogue, errorEnvelopeSchema } from '@app/contracts';
import type { FastifyInstance, FastifySchema } from 'fastify';
import { z } from 'zod';
import { escapeHtml } from '../lib/html.ts';
import { tokenAccessOf } from './access-token-auth.ts';
import type { RouteEntry } from './api-scope.ts';

/**
 * For routes that do not answer JSON through a response schema: the media type they answer (an
 * HTML page, a CSV file, an event stream) and, for JSON written by hand, its schema.
 */
export interface RouteProduces {
  type: string;
  schema?: z.ZodType;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    produces?: RouteProduces;
  }
}

type Json = Record<string, unknown>;

const jsonSchema = (schema: z.ZodType, io: 'input' | 'output'): Json => {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as Json;
  return rest;
};

function isZod(value: unknown): value is z.ZodType {
  return value instanceof z.ZodType;
}

/** Fastify's `/x/:id/` as OpenAPI's `/x/{id}/`. */
function openApiPath(url: string): string {
  return url.replace(/:([A-Za-z_]+)/g, '{$1}');
}

function parameters(schema: FastifySchema | undefined, where: 'path' | 'query'): Json[] {
  const source = where === 'path' ? schema?.params : schema?.querystring;
  if (!isZod(source)) return [];
  const object = jsonSchema(source, 'input') as { properties?: Record<string, Json>; required?: string[] };
  return Object.entries(object.properties ?? {}).map(([name, property]) => ({
    name,
    in: where,
    required: where === 'path' || (object.required ?? []).includes(name),
    schema: property,
  }));
}

function responses(route: RouteEntry): Json {
  const out: Json = {};
  const declared = route.schema?.response as Record<string, unknown> | undefined;
  for (const [status, schema] of Object.entries(declared ?? {})) {
    if (isZod(schema)) {
      out[status] = {
        description: `HTTP ${status}`,
        content: { 'application/json': { schema: jsonSchema(schema, 'output') } },
      };
    }
  }
  const produces = route.config?.produces;
  if (produces && Object.keys(out).length === 0) {
    out['200'] = {
      description: produces.type,
      content: { [produces.type]: produces.schema ? { schema: jsonSchema(produces.schema, 'output') } : {} },
    };
  }
  if (route.method === 'DELETE' && Object.keys(out).length === 0) out['204'] = { description: 'Deleted' };
  out.default = {
    description: 'An error in the spec §8 envelope',
    content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } } },
  };
  return out;
}

/**
 * True when the route documents its answer: a response schema, the media type it produces, or
 * (a DELETE) 204 No Content for the row its params schema names.
 */
export function isDocumented(route: RouteEntry): boolean {
  const declared = route.schema?.response as Record<string, unknown> | undefined;
  if (Object.values(declared ?? {}).some(isZod) || route.config?.produces !== undefined) return true;
  return route.method === 'DELETE' && isZod(route.schema?.params);
}

/** OpenAPI 3.1 for every /api route, generated from the zod contract the routes validate with. */
export function buildOpenApi(routes: readonly RouteEntry[], info: { version: string }): Json {
  const paths: Record<string, Record<string, Json>> = {};
  for (const route of routes) {
    if (!route.inApiScope || route.method === 'HEAD' || route.method === 'OPTIONS') continue;
    const path = openApiPath(route.url);
    const token = tokenAccessOf(route.method, route.config?.token, route.url);
    const operation: Json = {
      operationId: `${route.method.toLowerCase()} ${route.url}`,
      'x-auth': route.auth,
      // The scope a personal access token needs here, or `never` (a person signed in only).
      'x-token-scope': token,
      security:
        route.auth === 'user' ? [{ session: [] }, ...(token === 'never' ? [] : [{ bearer: [token] }])] : [],
      parameters: [...parameters(route.schema, 'path'), ...parameters(route.schema, 'query')],
      responses: responses(route),
    };
    if (isZod(route.schema?.body)) {
      operation.requestBody = {
        required: true,
        content: { 'application/json': { schema: jsonSchema(route.schema.body, 'input') } },
      };
    }
    paths[path] = { ...paths[path], [route.method.toLowerCase()]: operation };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Exit Liquidity API',
      version: info.version,
      description:
        'Signed in with the session cookie, every write needs the csrftoken cookie echoed in the X-CSRFToken header (GET /api/auth/csrf/ sets it). ' +
        'A personal access token (Settings → API access) goes in Authorization: Bearer instead, needs no CSRF token, and opens the routes its scopes name (x-token-scope). ' +
        `Error codes: ${Object.keys(errorCatalogue).join(', ')}.`,
    },
    servers: [{ url: '/' }],
    components: {
      schemas: { ErrorEnvelope: jsonSchema(errorEnvelopeSchema, 'output') },
      securitySchemes: {
        session: { type: 'apiKey', in: 'cookie', name: 'session' },
        bearer: { type: 'http', scheme: 'bearer', description: 'A personal access token (elt_…).' },
      },
    },
    paths,
  };
}

function docsPage(document: Json): string {
  const paths = document.paths as Record<string, Record<string, Json>>;
  const rows = Object.entries(paths)
    .flatMap(([path, operations]) =>
      Object.entries(operations).map(
        ([method, op]) =>
          `<tr><td><code>${escapeHtml(method.toUpperCase())}</code></td><td><code>${escapeHtml(path)}</code></td><td>${
            op['x-auth'] === 'user' ? 'signed in' : 'public'
          }</td></tr>`,
      ),
    )
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Exit Liquidity API</title><link rel="stylesheet" href="${apiBase}/auth/assets/auth.css"></head>
<body><main class="auth-card" style="max-width:60rem">
<h1>Exit Liquidity API</h1>
<p>The machine-readable description (OpenAPI 3.1, generated from the zod contract) is at
<a href="${apiBase}/openapi.json"><code>${apiBase}/openapi.json</code></a>. Writes need the
<code>csrftoken</code> cookie echoed in <code>X-CSRFToken</code>; errors use one envelope
(<code>error.code</code>, <code>message</code>, <code>category</code>, <code>details</code>).</p>
<table><thead><tr><th scope="col">Method</th><th scope="col">Path</th><th scope="col">Access</th></tr></thead>
<tbody>
${rows}
</tbody></table></main></body></html>`;
}

/** The server package's version, for the description's `info.version`. */
export function serverVersion(packageRoot: string): string {
  try {
    const parsed: unknown = JSON.parse(readFileSync(join(packageRoot, 'package.json'), 'utf8'));
    const version = (parsed as { version?: unknown }).version;
    return typeof version === 'string' ? version : '0.0.0';
  } catch {
    return '0.0.0';
  }
}

/** GET /api/openapi.json and GET /api/docs, built once on first request from the final route table. */
export function registerOpenApiRoutes(api: FastifyInstance, info: { version: string }): void {
  let document: Json | undefined;
  const current = () => {
    document ??= buildOpenApi(api.routeTable, info);
    return document;
  };
  api.get(
    `${apiBase}/openapi.json`,
    { config: { auth: 'public', publicData: true, produces: { type: 'application/json' } } },
    async (_request, reply) => reply.header('cache-control', 'no-cache').send(current()),
  );
  api.get(
    `${apiBase}/docs`,
    { config: { auth: 'public', publicData: true, produces: { type: 'text/html' } } },
    async (_request, reply) =>
      reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(docsPage(current())),
  );
}
