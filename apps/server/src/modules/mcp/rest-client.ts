import { apiBase, errorEnvelopeSchema } from '@app/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { InternalRequestMark } from '../../plugins/internal-requests.ts';

export type QueryValue = string | number | boolean | readonly string[] | null | undefined;

/** A REST answer outside 2xx, as the tool reports it: the envelope's words, never a crash. */
export class RestCallError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** Field → messages, from the envelope's `details.fields`, keyed by the tool's argument names. */
    readonly fields: Readonly<Record<string, readonly string[]>>,
  ) {
    super(message);
    this.name = 'RestCallError';
  }
}

/**
 * The schema names the route's response type. It is not parsed here: the SDK checks every
 * structured answer against the tool's output schema (the same response schemas) before it leaves.
 */
export interface RestCaller {
  /** GET `/api` + path, its JSON answer. */
  get<S extends z.ZodType>(schema: S, path: string, query?: Record<string, QueryValue>): Promise<z.output<S>>;
  post<S extends z.ZodType>(schema: S, path: string, body: unknown): Promise<z.output<S>>;
  /** The routes called so far, as "GET /api/v2/…" without their query strings. */
  readonly routes: readonly string[];
  /** The JSON text an answer came as, for an answer passed on whole: it need not be written again. */
  textOf(answer: unknown): string | undefined;
}

export function queryString(query: Record<string, QueryValue>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    params.set(key, Array.isArray(value) ? value.join(',') : String(value));
  }
  const text = params.toString();
  return text === '' ? '' : `?${text}`;
}

/** REST names fields by where they came from (`querystring.page`); a tool's arguments are bare. */
function toolField(path: string): string {
  return path.replace(/^(querystring|params|body)\./, '');
}

function errorOf(status: number, text: string): RestCallError {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  const envelope = errorEnvelopeSchema.safeParse(parsed);
  if (!envelope.success) return new RestCallError(status, `The request failed (HTTP ${status}).`, {});
  const fields: Record<string, string[]> = {};
  const raw = envelope.data.error.details?.fields;
  if (typeof raw === 'object' && raw !== null) {
    for (const [key, messages] of Object.entries(raw)) {
      if (!Array.isArray(messages)) continue;
      const list = messages.filter((m): m is string => typeof m === 'string');
      if (list.length > 0) fields[toolField(key)] = list;
    }
  }
  return new RestCallError(status, envelope.data.error.message, fields);
}

/**
 * Calls the REST routes in this process, as the caller: with the caller's own Authorization
 * header and address, so validation, owner scoping, a token's portfolio restriction and its
 * scopes are the API's own, and each answer is the route's. The internal mark keeps these calls
 * out of the token's rate limit and use list (the tool call is counted and listed instead).
 */
export function restCaller(
  app: FastifyInstance,
  request: FastifyRequest,
  mark: InternalRequestMark,
): RestCaller {
  const routes: string[] = [];
  const texts = new WeakMap<object, string>();
  const authorization = request.headers.authorization ?? '';
  const language = request.headers['accept-language'];

  async function send(method: 'GET' | 'POST', path: string, query: string, body?: unknown): Promise<unknown> {
    const url = `${apiBase}${path}`;
    routes.push(`${method} ${url}`);
    const response = await app.inject({
      method,
      url: `${url}${query}`,
      remoteAddress: request.ip,
      headers: {
        authorization,
        [mark.header]: mark.value,
        ...(typeof language === 'string' ? { 'accept-language': language } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });
    if (response.statusCode < 200 || response.statusCode >= 300) {
      throw errorOf(response.statusCode, response.body);
    }
    if (response.statusCode === 204) return null;
    const text = response.body;
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed === 'object' && parsed !== null) texts.set(parsed, text);
    return parsed;
  }

  return {
    get: async <S extends z.ZodType>(_schema: S, path: string, query: Record<string, QueryValue> = {}) =>
      (await send('GET', path, queryString(query))) as z.output<S>,
    post: async <S extends z.ZodType>(_schema: S, path: string, body: unknown) =>
      (await send('POST', path, '', body)) as z.output<S>,
    routes,
    textOf: (answer) => (typeof answer === 'object' && answer !== null ? texts.get(answer) : undefined),
  };
}
