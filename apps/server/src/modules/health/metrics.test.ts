import parsePrometheusTextFormat, { type ParsedFamily } from 'parse-prometheus-text-format';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { portfolioUser } from '../../test/portfolio-test-helpers.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

const family = (families: ParsedFamily[], name: string) => {
  const found = families.find((f) => f.name === name);
  if (!found) throw new Error(`no ${name} in /metrics`);
  return found;
};

describe('/metrics, off by default', () => {
  it('answers 404 as if it did not exist', async () => {
    const t = await createTestApp();
    try {
      const res = await t.app.inject({ method: 'GET', url: '/metrics' });
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('exit_liquidity_');
    } finally {
      await t.close();
    }
  });
});

describe('/metrics with METRICS=on and no token', () => {
  let t: TestApp;
  let portfolioId: string;
  beforeAll(async () => {
    t = await createTestApp({ env: { METRICS: 'on' } });
    const user = await portfolioUser(t.client());
    portfolioId = (await user.portfolio()).id;
    await user.ok(portfolioId, {});
    expect((await user.client.get(`/api/v2/portfolios/${portfolioId}/transactions/`)).statusCode).toBe(200);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('gives this machine the Prometheus text format: requests by route pattern, market age, outbox, connections', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    const families = parsePrometheusTextFormat(res.body);

    const requests = family(families, 'exit_liquidity_http_requests_total');
    expect(requests.type).toBe('COUNTER');
    const routes = requests.metrics.map((m) => m.labels?.route);
    expect(routes).toContain('/api/v2/portfolios/:id/transactions/');
    // Labels are route patterns, never the path as sent: no id of anyone's data reaches them.
    expect(res.body).not.toContain(portfolioId);
    const created = requests.metrics.find(
      (m) => m.labels?.route === '/api/v2/transactions/' && m.labels.method === 'POST',
    );
    expect(created).toMatchObject({ labels: { status: '201' }, value: '1' });

    const latency = family(families, 'exit_liquidity_http_request_duration_seconds');
    expect(latency.type).toBe('HISTOGRAM');
    // Every series ends in the +Inf bucket, which counts all its requests.
    expect(latency.metrics.length).toBeGreaterThan(0);
    expect(latency.metrics.every((m) => Number(m.buckets?.['+Inf']) >= 1)).toBe(true);

    const age = family(families, 'exit_liquidity_market_data_age_seconds');
    expect(Number(age.metrics[0]?.value)).toBeGreaterThanOrEqual(0);
    expect(family(families, 'exit_liquidity_market_data_stale').metrics[0]?.value).toBe('0');
    expect(family(families, 'exit_liquidity_outbox_deliveries').type).toBe('GAUGE');
    expect(family(families, 'exit_liquidity_connections').type).toBe('GAUGE');
    expect(family(families, 'exit_liquidity_jobs').type).toBe('GAUGE');
    expect(family(families, 'exit_liquidity_process_resident_memory_bytes').metrics[0]?.value).toMatch(/^\d/);
  });

  it('refuses anyone else, and a request a local reverse proxy passed on', async () => {
    const far = await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '10.1.2.3' });
    expect(far.statusCode).toBe(403);
    expect(far.body).not.toContain('exit_liquidity_');
    const proxied = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-for': '203.0.113.9' },
    });
    expect(proxied.statusCode).toBe(403);
  });
});

describe('/metrics with METRICS_TOKEN', () => {
  it('serves a scraper from anywhere that sends the token, and nobody else', async () => {
    const token = 'metrics-token-0123456789';
    const t = await createTestApp({ env: { METRICS: 'on', METRICS_TOKEN: token } });
    try {
      const scrape = (authorization?: string) =>
        t.app.inject({
          method: 'GET',
          url: '/metrics',
          remoteAddress: '10.1.2.3',
          headers: authorization ? { authorization } : {},
        });
      expect((await scrape()).statusCode).toBe(401);
      expect((await scrape('Bearer metrics-token-9999999999')).statusCode).toBe(401);
      const ok = await scrape(`Bearer ${token}`);
      expect(ok.statusCode).toBe(200);
      expect(parsePrometheusTextFormat(ok.body).length).toBeGreaterThan(5);
    } finally {
      await t.close();
    }
  });
});
