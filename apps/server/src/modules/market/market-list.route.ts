import { apiBase, coinListQuerySchema, coinListWireSchema } from '@app/contracts';
import { compactSparkline } from '@app/core';
import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { validationError } from '../../lib/app-error.ts';
import type { RouteProduces } from '../../plugins/openapi.ts';
import { type EncodedBody, encodeBody } from './encoded-body.ts';
import { sendEncodedJson } from './encoded-reply.ts';
import type { MarketService } from './market.service.ts';
import { createTtlCache } from './ttl-cache.ts';

const base = `${apiBase}/v2/cryptocurrencies`;

/** Sparklines are most of the list's bytes; they travel rounded to what a drawing can show. */
function withCompactSparkline<T extends { sparkline_in_7d?: { price: number[] } | undefined }>(coin: T): T {
  if (!coin.sparkline_in_7d) return coin;
  return { ...coin, sparkline_in_7d: { price: compactSparkline(coin.sparkline_in_7d.price) } };
}

function pageLink(query: Record<string, unknown>, page: number): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === '' || key === 'page') continue;
    params.set(key, String(value));
  }
  params.set('page', String(page));
  return `${base}/?${params.toString()}`;
}

/**
 * The coin list. It changes only when the refresher installs a new market, so each
 * distinct query is serialised and compressed once per market generation (a page with
 * sparklines is large, and compressing it is most of its cost); every other request only writes
 * the prepared bytes.
 */
// Typed by its declaration, which also brings the route config's `produces` into every program
// that compiles this file (the benches reach it without the plugins).
const listProduces: RouteProduces = { type: 'application/json', schema: coinListWireSchema };

export function registerMarketListRoute(
  app: FastifyInstance,
  deps: { market: MarketService; config: { publicData: true } },
): void {
  const { market } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  // By validated query: what the body depends on (unknown parameters are dropped by zod).
  const bodies = createTtlCache<EncodedBody>(300);
  // By exact URL, checked before validation: a repeat request skips zod and the handler.
  // Varying junk parameters only churns this map; such misses cost one validation, as before.
  const byUrl = createTtlCache<EncodedBody>(300);
  const version = () => {
    const s = market.describe();
    return `${market.generation()}|${s.source}|${s.as_of}|${s.stale}`;
  };

  function repeat(request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction): void {
    const hit = byUrl.peek(`${version()}|${request.url}`, 0);
    if (hit) {
      sendEncodedJson(request, reply, hit.value);
      return;
    }
    done();
  }

  r.get(
    `${base}/`,
    // Serialised by hand below (validated against coinListWireSchema once per cached body).
    {
      config: { ...deps.config, produces: listProduces },
      onRequest: repeat,
      schema: { querystring: coinListQuerySchema },
    },
    async (request, reply) => {
      const q = request.query;
      const current = version();
      const key = JSON.stringify([current, q]);
      const cached = bodies.peek(key, 0)?.value ?? (await build(q));
      bodies.set(key, cached, 0);
      byUrl.set(`${current}|${request.url}`, cached, 0);
      return sendEncodedJson(request, reply, cached);
    },
  );

  async function build(q: ReturnType<typeof coinListQuerySchema.parse>): Promise<EncodedBody> {
    const { results, count } = await market.list({
      vs: q.vs_currency,
      page: q.page,
      perPage: q.per_page,
      order: q.order,
      search: q.search,
      category: q.category,
      excludeStablecoins: q.exclude_stablecoins,
      sparkline: q.sparkline,
    });
    const pages = Math.max(1, Math.ceil(count / q.per_page));
    if (q.page > pages)
      throw validationError({ 'querystring.page': [`Page out of range: there are ${pages} pages`] });
    const fields = q.fields
      ? q.fields
          .split(',')
          .map((f) => f.trim())
          .filter(Boolean)
      : [];
    const body = coinListWireSchema.parse({
      results:
        fields.length === 0
          ? results.map(withCompactSparkline)
          : results.map((c) => {
              const picked: Record<string, unknown> = { id: c.id };
              for (const f of fields) picked[f] = c[f as keyof typeof c];
              return picked as { id: string };
            }),
      count,
      next: q.page < pages ? pageLink(q, q.page + 1) : null,
      previous: q.page > 1 ? pageLink(q, q.page - 1) : null,
      vs_currency: q.vs_currency,
      source: market.describe(),
    });
    return encodeBody(JSON.stringify(body));
  }
}
