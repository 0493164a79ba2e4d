import { csrfHeaderName, errorEnvelopeSchema } from '@app/contracts';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { portfolioUser } from '../test/portfolio-test-helpers.ts';
import { apiRoutes } from '../test/route-table.ts';
import {
  arbitraryFor,
  arbitraryQuery,
  arbitrarySegment,
  jsonSchemaOf,
  rawHostileBodies,
} from '../test/schema-arbitrary.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import type { TestClient } from '../test/test-client.ts';

/**
 * Property-based fuzzing of every /api route from its own schema: bodies, queries and
 * path parameters shaped like the contract with hostile values mixed in (NUL, lone surrogates,
 * 100k characters, __proto__, 1e400, deep nesting). The property: never a 5xx, and every error
 * in the error envelope. Runs per route: FUZZ_RUNS (default 150, what CI runs: the most that
 * fits in ~30 s over the former 25); `npm run test:fuzz` (nightly) runs 500 per route; FUZZ_SEED
 * replays a failure. The cases share one app and one signed-in user, so a case costs one inject.
 * Measured 2026-11-25 for this file on the shared 2-core machine (load average 1.0-1.6), 125
 * routes, wall time of `npx vitest run --project integration <this file>`:
 *   before the session cache (every signed-in case paid a ~1 ms PGlite session query, 10.8 of
 *   34 s at 100 runs): 25 runs 21.8 s, 100 runs 44.9 s, 200 runs 70.8 s;
 *   with it (db/table-writes, session.service): 25 runs 19.3 s, 100 runs 36.3 s, 150 runs 44.0 s
 *   (+24.7 s), 200 runs 55.5 s (+36 s, over the budget: password checks (scrypt) and the rate-limit
 *   counter writes are most of the rest).
 */
const runs = Number(process.env.FUZZ_RUNS ?? 150);
const seed = process.env.FUZZ_SEED === undefined ? undefined : Number(process.env.FUZZ_SEED);

/** Routes that never end (a stream) or end the fuzzing user's session. */
const skipped = new Set(['GET /api/v2/events/stream', 'POST /api/auth/logout']);

// Built at import so the route table can name one test per route (each stays well inside the timeout).
const t: TestApp = await createTestApp();
const user = await portfolioUser(t.client());
const a: TestClient = user.client;
const portfolio = await user.portfolio();
const knownIds: string[] = [portfolio.id, (await user.ok(portfolio.id, {})).id, 'bitcoin', 'all'];
await a.csrf();

afterAll(async () => {
  await t.close();
});

function check(name: string, res: LightMyRequestResponse, produces?: string): void {
  expect(res.statusCode, `${name} → ${res.statusCode} ${res.body.slice(0, 300)}`).toBeLessThan(500);
  // A server-rendered page answers a form post's error with the page itself (and a field message).
  const page = produces === 'text/html' && String(res.headers['content-type']).startsWith('text/html');
  if (res.statusCode >= 400 && !page) {
    let body: unknown;
    try {
      body = JSON.parse(res.body);
    } catch {
      body = res.body;
    }
    const parsed = errorEnvelopeSchema.safeParse(body);
    expect(parsed.success, `${name} → ${res.statusCode} not in the envelope: ${res.body.slice(0, 300)}`).toBe(
      true,
    );
  }
}

async function send(
  method: string,
  url: string,
  payload: string | undefined,
  contentType = 'application/json',
) {
  const headers: Record<string, string> = {
    cookie: a.cookieHeader(),
    [csrfHeaderName]: a.cookies.get('csrftoken') ?? '',
  };
  if (payload !== undefined) headers['content-type'] = contentType;
  return t.app.inject({
    method: method as 'POST',
    url,
    headers,
    ...(payload !== undefined ? { payload } : {}),
  });
}

const fuzzable = apiRoutes(t.app).filter((r) => !skipped.has(`${r.method} ${r.url}`) && !r.url.includes('*'));

describe('every /api route under fuzzed input: never 5xx, every error in the envelope', () => {
  it('covers the route table', () => {
    expect(fuzzable.length).toBeGreaterThan(60);
  });

  for (const route of fuzzable) {
    const name = `${route.method} ${route.url}`;
    it(name, async () => {
      const body = jsonSchemaOf(route.schema?.body);
      const query = jsonSchemaOf(route.schema?.querystring);
      const params = [...route.url.matchAll(/:([A-Za-z_]+)/g)].map((m) => m[1] ?? '');
      const hasBody = route.method !== 'GET' && route.method !== 'DELETE';
      const produces = route.config?.produces?.type;
      const request = fc.record({
        segments: fc.tuple(...params.map(() => arbitrarySegment(knownIds)), fc.constant('')),
        query: arbitraryQuery(query),
        body: hasBody ? arbitraryFor(body) : fc.constant(undefined),
      });
      await fc.assert(
        fc.asyncProperty(request, async ({ segments, query: search, body: value }) => {
          let i = 0;
          const path = route.url.replace(/:([A-Za-z_]+)/g, () => segments[i++] ?? 'x');
          const url = search ? `${path}?${search}` : path;
          const payload = value === undefined ? undefined : JSON.stringify(value);
          check(`${name} ${url.slice(0, 120)}`, await send(route.method, url, payload), produces);
        }),
        { numRuns: runs, ...(seed === undefined ? {} : { seed }) },
      );
      if (hasBody) {
        const path = route.url.replace(/:([A-Za-z_]+)/g, () => knownIds[0] ?? 'x');
        for (const raw of rawHostileBodies) {
          check(`${name} raw ${raw.slice(0, 30)}`, await send(route.method, path, raw), produces);
        }
        check(
          `${name} form`,
          await send(route.method, path, 'a=%00&b=1', 'application/x-www-form-urlencoded'),
          produces,
        );
      }
    });
  }
});
