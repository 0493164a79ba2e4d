import type { AddressInfo } from 'node:net';
import {
  type AccessTokenCreated,
  accessTokenCreatedSchema,
  accessTokenMessages,
  accessTokenUsesSchema,
  errorEnvelopeSchema,
} from '@app/contracts';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { type CallToolResult, CallToolResultSchema } from '@modelcontextprotocol/sdk/types.js';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alerts, transactions } from '../../db/schema/index.ts';
import { portfolioUser } from '../../test/portfolio-test-helpers.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { mcpTools, provenanceSchema } from './index.ts';
import { buildProvenance } from './provenance.ts';
import { figuresText, maxTextJson } from './tool-kit.ts';

let t: TestApp;
let url: URL;
let a: Awaited<ReturnType<typeof portfolioUser>>;
let b: Awaited<ReturnType<typeof portfolioUser>>;
let main: { id: string };
let other: { id: string };
let otherTx: string;
let bMain: { id: string };
let projectionId: string;
let reader: AccessTokenCreated;
let writer: AccessTokenCreated;
let restricted: AccessTokenCreated;
let bReader: AccessTokenCreated;
const open: Client[] = [];

const readTools = mcpTools.filter((tool) => tool.scope === 'read').map((tool) => tool.name);

async function makeToken(user: typeof a, body: Record<string, unknown> = {}): Promise<AccessTokenCreated> {
  const res = await user.client.post('/api/v2/tokens/', { name: 'Assistant', scopes: ['read'], ...body });
  if (res.statusCode !== 201) throw new Error(`token: ${res.statusCode} ${res.body}`);
  return accessTokenCreatedSchema.parse(res.json());
}

/** What the REST route answers the same token (the tools must answer exactly this). */
async function rest(token: string, path: string): Promise<unknown> {
  const res = await t.app.inject({ method: 'GET', url: path, headers: { authorization: `Bearer ${token}` } });
  if (res.statusCode !== 200) throw new Error(`${path}: ${res.statusCode} ${res.body}`);
  return res.json();
}

async function connect(token: string): Promise<Client> {
  const client = new Client({ name: 'mcp-test', version: '1.0.0' });
  const transport = new StreamableHTTPClientTransport(url, {
    requestInit: { headers: { authorization: `Bearer ${token}` } },
  });
  await client.connect(transport);
  open.push(client);
  return client;
}

async function call(
  client: Client,
  name: string,
  args: Record<string, unknown> = {},
): Promise<CallToolResult> {
  return CallToolResultSchema.parse(await client.callTool({ name, arguments: args }));
}

function textOf(result: CallToolResult): string {
  return result.content.map((c) => (c.type === 'text' ? c.text : '')).join('\n');
}

const countRows = async (portfolioId: string) =>
  (await t.database.db.select().from(transactions).where(eq(transactions.portfolioId, portfolioId))).length;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = new URL(`http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/mcp`);
  a = await portfolioUser(t.client());
  b = await portfolioUser(t.client());
  main = await a.portfolio({ name: 'Main' });
  other = await a.portfolio({ name: 'Other' });
  bMain = await b.portfolio({ name: 'B main' });
  await a.ok(main.id, { quantity: '1', price_per_coin: '100', date: '2024-01-01T00:00:00Z' });
  await a.ok(main.id, { type: 'sell', quantity: '0.4', price_per_coin: '250', date: '2024-06-01T00:00:00Z' });
  otherTx = (await a.ok(other.id, { coin_id: 'ethereum', quantity: '2', price_per_coin: '50' })).id;
  await b.ok(bMain.id, { quantity: '3', price_per_coin: '10' });
  expect(
    (await a.client.send('PATCH', '/api/v2/tax/settings/', { rule: 'us', short_rate: '30', long_rate: '15' }))
      .statusCode,
  ).toBe(200);
  const alert = await a.client.post('/api/v2/alerts/', {
    coin_id: 'bitcoin',
    left: { type: 'indicator', metric: 'price' },
    op: '>=',
    right: { type: 'value', value: 10_000_000 },
  });
  expect(alert.statusCode, alert.body).toBe(201);
  const projection = await a.client.post('/api/v2/projections/exit-strategy/', {
    name: 'BTC ladder',
    coin_id: 'bitcoin',
    coin_name: 'Bitcoin',
    coin_symbol: 'btc',
    invested_capital: '100',
    tokens_owned: '0.6',
    sell_tax: '20',
  });
  expect(projection.statusCode, projection.body).toBe(201);
  projectionId = projection.json().id;
  const rungs = await a.client.post(
    `/api/v2/projections/exit-strategy/${projectionId}/transactions/replace/`,
    [
      { coins_sold: '0.2', price_per_coin: '200000', transaction_order: 1 },
      { coins_sold: '0.3', price_per_coin: '300000', transaction_order: 2 },
    ],
  );
  expect(rungs.statusCode, rungs.body).toBe(200);
  const linked = await a.client.send('PUT', `/api/v2/projections/exit-strategy/${projectionId}/tax/`, {
    portfolio_id: main.id,
  });
  expect(linked.statusCode, linked.body).toBe(200);
  reader = await makeToken(a);
  writer = await makeToken(a, { scopes: ['read', 'write:transactions', 'write:alerts'] });
  restricted = await makeToken(a, { portfolio_ids: [main.id] });
  bReader = await makeToken(b);
});

afterAll(async () => {
  for (const client of open) await client.close();
  await t?.close();
});

/** Each read tool with arguments, and the REST answer it must carry for the same token. */
const cases: { name: string; args: Record<string, unknown>; rest: (token: string) => Promise<unknown> }[] = [
  {
    name: 'list_portfolios',
    args: {},
    rest: async (token) => ({
      portfolios: await rest(token, '/api/v2/portfolios/'),
      holdings: await rest(token, '/api/v2/dashboard/?portfolio_id=all&metrics=holdings'),
    }),
  },
  {
    name: 'list_transactions',
    args: { page_size: 10 },
    rest: (token) => rest(token, '/api/v2/transactions/?page_size=10'),
  },
  { name: 'get_dashboard', args: {}, rest: (token) => rest(token, '/api/v2/dashboard/?portfolio_id=all') },
  { name: 'get_tax_lots', args: {}, rest: (token) => rest(token, '/api/v2/tax/lots/?portfolio_id=all') },
  {
    name: 'get_tax_report',
    args: { year: 2024 },
    rest: (token) => rest(token, '/api/v2/tax/report/?portfolio_id=all&year=2024'),
  },
  {
    name: 'get_returns',
    args: { benchmark: 'ethereum', explain: 'ALL' },
    rest: (token) => rest(token, '/api/v2/returns/?portfolio_id=all&benchmark=ethereum&explain=ALL'),
  },
  { name: 'list_insights', args: {}, rest: (token) => rest(token, '/api/v2/insights/?portfolio_id=all') },
  {
    name: 'list_exit_plans',
    args: {},
    rest: async (token) => {
      const projections = (await rest(token, '/api/v2/projections/exit-strategy/')) as { id: string }[];
      const plans = [];
      for (const p of projections) {
        plans.push({
          projection_id: p.id,
          calculation: await rest(
            token,
            `/api/v2/projections/exit-strategy/${p.id}/calculate-with-transactions/`,
          ),
          tax: await rest(token, `/api/v2/projections/exit-strategy/${p.id}/tax/`),
        });
      }
      return { projections, plans };
    },
  },
  { name: 'list_alerts', args: {}, rest: (token) => rest(token, '/api/v2/alerts/') },
  { name: 'list_notifications', args: {}, rest: (token) => rest(token, '/api/v2/notifications/') },
  {
    name: 'get_coin_market',
    args: { coin_id: 'bitcoin' },
    rest: (token) =>
      rest(token, '/api/v2/cryptocurrencies/details/bitcoin/?vs_currency=usd&include=links%2Csocial'),
  },
  {
    name: 'get_coin_history',
    args: { coin_id: 'bitcoin', timeframe: '1W' },
    rest: (token) => rest(token, '/api/v2/cryptocurrencies/bitcoin/chart/?vs_currency=usd&timeframe=1W'),
  },
];

describe('the MCP server at /mcp', () => {
  it('lists the read tools to a read token, and a write tool only with its scope', async () => {
    const client = await connect(reader.token);
    expect(client.getServerVersion()?.name).toBe('exit-liquidity');
    const listed = (await client.listTools()).tools;
    expect(listed.map((tool) => tool.name)).toEqual(readTools);
    for (const tool of listed) {
      expect(tool.description?.length, tool.name).toBeGreaterThan(40);
      expect(tool.outputSchema?.properties, tool.name).toHaveProperty('provenance');
      expect(tool.annotations?.readOnlyHint, tool.name).toBe(true);
    }
    const names = (await (await connect(writer.token)).listTools()).tools.map((tool) => tool.name);
    expect(names).toEqual([...readTools, 'add_transaction', 'create_alert']);
    const transactionsOnly = await makeToken(a, { scopes: ['read', 'write:transactions'] });
    const some = (await (await connect(transactionsOnly.token)).listTools()).tools.map((tool) => tool.name);
    expect(some).toContain('add_transaction');
    expect(some).not.toContain('create_alert');
  });

  it('answers every tool with the REST answer, its output schema and its provenance', async () => {
    const client = await connect(reader.token);
    expect(cases.map((c) => c.name)).toEqual(readTools);
    for (const c of cases) {
      const result = await call(client, c.name, c.args);
      expect(result.isError, `${c.name}: ${textOf(result)}`).toBeFalsy();
      const tool = mcpTools.find((x) => x.name === c.name);
      const structured = tool?.outputSchema.parse(result.structuredContent);
      expect(structured?.data, c.name).toEqual(await c.rest(reader.token));
      const provenance = provenanceSchema.parse(result.structuredContent?.provenance);
      expect(provenance.base_currency, c.name).toBe('usd');
      expect(provenance.as_of, c.name).toBe(t.clock().toISOString());
      // The test server runs on the bundled snapshot: every answer must say its prices are demo data.
      expect(provenance.market, c.name).toMatchObject({ mode: 'demo', demo: true, source: 'demo' });
      expect(provenance.market.label, c.name).toMatch(/^Demo data: prices simulated/);
      expect(provenance.caveats.join(' '), c.name).toMatch(/demo data/i);
      expect(provenance.routes.length, c.name).toBeGreaterThan(0);
      const first = result.content[0];
      expect(first?.type === 'text' ? first.text : '', c.name).toBe(provenance.summary);
      expect(provenance.summary, c.name).toMatch(/NOT live prices/);
      expect(provenance.summary, c.name).not.toContain('\n');
      // The figures again as JSON text, for clients that give a model the text only.
      const second = result.content[1];
      expect(JSON.parse(second?.type === 'text' ? second.text : ''), c.name).toEqual(structured?.data);
    }
  });

  it('gives a model the figures as text up to a size, and says where a longer answer is', () => {
    const small = JSON.stringify({ rows: ['a', 'b'] });
    expect(figuresText(small)).toBe(small);
    const long = JSON.stringify({ rows: 'x'.repeat(maxTextJson) });
    expect(figuresText(long)).toMatch(
      /^The full answer \(100 kB of JSON\) is in structuredContent.data only; ask for less/,
    );
  });

  it('says when prices are a stale copy, and says nothing of the kind when they are live', () => {
    const now = new Date('2026-12-02T12:00:00Z');
    const facts = { currency: 'eur' };
    const stale = buildProvenance({
      facts,
      baseCurrency: 'eur',
      market: { source: 'coingecko', mode: 'live', as_of: '2026-12-02T09:00:00.000Z', stale: true },
      now,
      routes: [],
    });
    expect(stale.market).toMatchObject({
      demo: false,
      stale: true,
      label: 'Stale — CoinGecko, as of 3h ago',
    });
    expect(stale.summary).toContain('Stale — CoinGecko, as of 3h ago (NOT current prices)');
    expect(stale.caveats[0]).toMatch(/stale copy from CoinGecko fetched at 2026-12-02T09:00:00.000Z/);
    const live = buildProvenance({
      facts,
      baseCurrency: 'usd',
      market: { source: 'coingecko', mode: 'live', as_of: '2026-12-02T11:59:00.000Z', stale: false },
      now,
      routes: [],
    });
    expect(live.market.label).toBe('Live — CoinGecko, updated 11:59 AM');
    expect(live.caveats).toEqual([]);
    expect(live.summary).toBe(
      'Amounts in EUR (base currency USD). Market data: Live — CoinGecko, updated 11:59 AM. Answered at 2026-12-02T12:00:00.000Z',
    );
  });

  it('says the currency of the amounts', async () => {
    const client = await connect(reader.token);
    const currency = async (name: string, args: Record<string, unknown> = {}) =>
      provenanceSchema.parse((await call(client, name, args)).structuredContent?.provenance);
    expect((await currency('get_dashboard')).currency).toBe('usd');
    expect((await currency('get_tax_report', { year: 2024 })).currency).toBe('usd');
    expect((await currency('get_coin_market', { coin_id: 'bitcoin', vs_currency: 'eur' })).currency).toBe(
      'eur',
    );
    const rows = await currency('list_transactions');
    expect(rows.currency).toBeNull();
    expect(rows.currency_note).toMatch(/portfolio's currency/);
    const tax = await currency('get_tax_report', { year: 2024 });
    expect(tax.caveats).toContain(
      'Tax figures are estimates from the rates in the tax settings, not a tax return.',
    );
  });

  it('turns bad arguments and REST refusals into tool errors that name the field', async () => {
    const client = await connect(writer.token);
    const badYear = await call(client, 'get_tax_report', { year: 'last' });
    expect(badYear.isError).toBe(true);
    expect(textOf(badYear)).toMatch(/year/);
    const badSize = await call(client, 'list_transactions', { page_size: 100_000 });
    expect(badSize.isError).toBe(true);
    expect(textOf(badSize)).toMatch(/page_size/);
    const before = await countRows(main.id);
    const refused = await call(client, 'add_transaction', {
      portfolio_id: main.id,
      coin_id: 'bitcoin',
      type: 'buy',
      quantity: '-1',
      price_per_coin: '100',
      date: '2024-02-01T00:00:00Z',
    });
    expect(refused.isError).toBe(true);
    expect(textOf(refused)).toMatch(/^Please check your input/);
    expect(textOf(refused)).toMatch(/- quantity: /);
    const oversold = await call(client, 'add_transaction', {
      portfolio_id: main.id,
      coin_id: 'bitcoin',
      type: 'sell',
      quantity: '50',
      price_per_coin: '100',
      date: '2024-07-01T00:00:00Z',
    });
    expect(oversold.isError).toBe(true);
    expect(await countRows(main.id)).toBe(before);
    // The session goes on after errors.
    expect((await call(client, 'list_alerts')).isError).toBeFalsy();
  });

  it('adds a transaction and an alert with the write scopes, as the REST API would', async () => {
    const client = await connect(writer.token);
    const before = await countRows(main.id);
    const added = await call(client, 'add_transaction', {
      portfolio_id: main.id,
      coin_id: 'bitcoin',
      type: 'buy',
      quantity: '0.1',
      price_per_coin: '120',
      date: '2024-03-01T00:00:00Z',
      note: 'via MCP',
    });
    expect(added.isError, textOf(added)).toBeFalsy();
    const stored = mcpTools
      .find((x) => x.name === 'add_transaction')
      ?.outputSchema.parse(added.structuredContent);
    expect(stored?.data).toMatchObject({ portfolio_id: main.id, quantity: '0.1', note: 'via MCP' });
    expect(await countRows(main.id)).toBe(before + 1);
    const id = (stored?.data as { id?: string } | undefined)?.id;
    expect(await rest(writer.token, `/api/v2/transactions/${id}/`)).toEqual(stored?.data);
    const alert = await call(client, 'create_alert', {
      coin_id: 'ethereum',
      left: { type: 'indicator', metric: 'rsi', params: { period: 14 } },
      op: '<=',
      right: { type: 'value', value: 30 },
    });
    expect(alert.isError, textOf(alert)).toBeFalsy();
    const rows = await t.database.db.select().from(alerts).where(eq(alerts.userId, a.user.id));
    expect(rows).toHaveLength(2);
  });

  it('never lets a read token add a transaction', async () => {
    const client = await connect(reader.token);
    const before = await countRows(main.id);
    const result = await call(client, 'add_transaction', {
      portfolio_id: main.id,
      coin_id: 'bitcoin',
      type: 'buy',
      quantity: '1',
      price_per_coin: '1',
      date: '2024-02-01T00:00:00Z',
    });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/add_transaction/);
    expect(await countRows(main.id)).toBe(before);
  });

  it('keeps a token restricted to one portfolio out of the others through every tool', async () => {
    const client = await connect(restricted.token);
    for (const c of cases) {
      const result = await call(client, c.name, c.args);
      expect(result.isError, `${c.name}: ${textOf(result)}`).toBeFalsy();
      const text = JSON.stringify(result);
      expect(text, c.name).not.toContain(other.id);
      expect(text, c.name).not.toContain(otherTx);
      expect(result.structuredContent?.data, c.name).toEqual(await c.rest(restricted.token));
    }
    for (const [name, args] of [
      ['list_portfolios', { portfolio_id: other.id }],
      ['get_dashboard', { portfolio_id: other.id }],
      ['list_transactions', { portfolio_id: other.id }],
      ['get_tax_lots', { portfolio_id: other.id }],
      ['get_tax_report', { portfolio_id: other.id, year: 2024 }],
      ['get_returns', { portfolio_id: other.id }],
      ['list_insights', { portfolio_id: other.id }],
    ] as const) {
      const result = await call(client, name, args);
      expect(JSON.stringify(result), name).not.toContain(otherTx);
      if (!result.isError)
        expect(JSON.stringify(result.structuredContent?.data), name).not.toContain('ethereum');
    }
  });

  it('never shows user B what user A has', async () => {
    const client = await connect(bReader.token);
    const aIds = [main.id, other.id, otherTx, projectionId];
    for (const c of cases) {
      const result = await call(client, c.name, c.args);
      expect(result.isError, `${c.name}: ${textOf(result)}`).toBeFalsy();
      for (const id of aIds) expect(JSON.stringify(result), c.name).not.toContain(id);
    }
    const theirs = await call(client, 'list_exit_plans', { projection_id: projectionId });
    expect(theirs.isError).toBe(true);
    const dashboard = await call(client, 'get_dashboard', { portfolio_id: main.id });
    expect(dashboard.isError).toBe(true);
  });

  it('refuses a missing, unknown or revoked token, and a browser session, with 401 in the envelope', async () => {
    const revoked = await makeToken(a);
    expect((await a.client.send('DELETE', `/api/v2/tokens/${revoked.id}/`)).statusCode).toBe(204);
    const refused = connect(revoked.token);
    await expect(refused).rejects.toMatchObject({ code: 401 });
    await expect(refused).rejects.toThrow(accessTokenMessages.invalid);
    const initialize = {
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'curl', version: '1' } },
    };
    const session = a.client.cookieHeader();
    const attempts: Record<string, string>[] = [
      {},
      { authorization: `Bearer ${revoked.token}` },
      { authorization: `Bearer elt_${'x'.repeat(43)}` },
      { authorization: 'Basic abc' },
      // Cookies never authenticate /mcp: a page the user visits cannot act through it.
      { cookie: session },
    ];
    for (const headers of attempts) {
      const res = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          ...headers,
        },
        body: JSON.stringify(initialize),
      });
      expect(res.status, JSON.stringify(headers)).toBe(401);
      const body = errorEnvelopeSchema.parse(await res.json());
      expect(body.error.message).toBe(accessTokenMessages.invalid);
      expect(res.headers.get('www-authenticate')).toBe('Bearer');
    }
    expect((await fetch(url)).status).toBe(401);
  });

  it('lives outside the API scope, beside it in the route table', () => {
    const routes = t.app.routeTable.filter((r) => r.url === '/mcp');
    expect(routes.map((r) => r.method).sort()).toEqual(['DELETE', 'GET', 'HEAD', 'POST']);
    expect(routes.every((r) => !r.inApiScope)).toBe(true);
  });

  it('answers GET and DELETE with 405 (stateless), and needs no CSRF token', async () => {
    const headers = { authorization: `Bearer ${reader.token}` };
    for (const method of ['GET', 'DELETE']) {
      const res = await fetch(url, { method, headers });
      expect(res.status, method).toBe(405);
      expect(res.headers.get('allow')).toBe('POST');
    }
    // A bare POST with the token and no CSRF header or cookie: a tools/call answered in full.
    const res = await fetch(url, {
      method: 'POST',
      headers: {
        ...headers,
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'mcp-protocol-version': '2025-06-18',
      },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 7,
        method: 'tools/call',
        params: { name: 'list_alerts', arguments: {} },
      }),
    });
    expect(res.status).toBe(200);
    const answer = (await res.json()) as { id: number; result: CallToolResult };
    expect(answer.id).toBe(7);
    expect(answer.result.isError).toBeFalsy();
  });

  it("refuses a browser page of another origin with 403, and answers the app's own", async () => {
    const post = (origin: string) =>
      fetch(url, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${reader.token}`,
          origin,
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          'mcp-protocol-version': '2025-06-18',
        },
        body: JSON.stringify({ jsonrpc: '2.0', id: 3, method: 'tools/list', params: {} }),
      });
    for (const origin of [
      'http://evil.example',
      'null',
      `${new URL(t.config.publicUrl).origin}.evil.example`,
    ]) {
      const refused = await post(origin);
      expect(refused.status, origin).toBe(403);
      expect(await refused.json()).toMatchObject({
        jsonrpc: '2.0',
        error: { message: 'Origin not allowed.' },
      });
    }
    const own = await post(new URL(t.config.publicUrl).origin);
    expect(own.status).toBe(200);
    expect(((await own.json()) as { result: { tools: unknown[] } }).result.tools.length).toBe(
      readTools.length,
    );
  });

  it('records each tool call as a use of the token, by tool name, and not the routes behind it', async () => {
    const made = await makeToken(a);
    const client = await connect(made.token);
    await call(client, 'list_portfolios');
    await call(client, 'get_tax_report', { year: 2024 });
    await call(client, 'get_tax_report', { year: 'x' });
    await call(client, 'add_transaction', {});
    await new Promise((r) => setTimeout(r, 100));
    const uses = accessTokenUsesSchema.parse(
      (await a.client.get(`/api/v2/tokens/${made.id}/uses/`)).json(),
    ).uses;
    expect(uses.map((u) => [u.kind, u.target, u.status]).sort()).toEqual([
      ['tool', 'add_transaction', 404],
      ['tool', 'get_tax_report', 200],
      ['tool', 'get_tax_report', 400],
      ['tool', 'list_portfolios', 200],
    ]);
  });

  it('does not let a caller spoof the internal mark to skip the use list', async () => {
    const made = await makeToken(a);
    await t.app.inject({
      method: 'GET',
      url: '/api/v2/portfolios/',
      headers: { authorization: `Bearer ${made.token}`, 'x-internal-call': 'guess' },
    });
    await new Promise((r) => setTimeout(r, 100));
    const uses = accessTokenUsesSchema.parse(
      (await a.client.get(`/api/v2/tokens/${made.id}/uses/`)).json(),
    ).uses;
    expect(uses.map((u) => [u.kind, u.target])).toEqual([['route', 'GET /api/v2/portfolios/']]);
  });
});
