import type { MarketSource } from '@app/contracts';
import { sql } from 'drizzle-orm';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/raw-rows.ts';
import type { Clock } from '../../lib/clock.ts';

/** Each job queue's jobs by state, as the queue counts them. */
export type QueueCounts = () => Promise<Record<string, Record<string, number>>>;

export interface OperatorMetricsDeps {
  db: Db;
  clock: Clock;
  /** The market data's source and age; null before the first copy. */
  market(): MarketSource | null;
  /** The job queue, when this process runs one. */
  queues?: QueueCounts | undefined;
}

export interface OperatorMetrics {
  registry: Registry;
  /** One answered request, by the route's pattern (never the path as sent: no ids in labels). */
  observe(method: string, route: string, status: number, seconds: number): void;
}

const prefix = 'exit_liquidity_';

/**
 * What an operator watches, in Prometheus' terms. The gauges read their values when scraped (a
 * few small counts), so nothing runs between scrapes but the request counter.
 */
export function createOperatorMetrics(deps: OperatorMetricsDeps): OperatorMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix });
  const requests = new Counter({
    name: `${prefix}http_requests_total`,
    help: 'Requests answered, by method, route pattern and status.',
    labelNames: ['method', 'route', 'status'],
    registers: [registry],
  });
  const latency = new Histogram({
    name: `${prefix}http_request_duration_seconds`,
    help: 'Time to answer a request, by method and route pattern.',
    labelNames: ['method', 'route'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  new Gauge({
    name: `${prefix}market_data_age_seconds`,
    help: 'Seconds since the market data copy in use was fetched.',
    registers: [registry],
    collect() {
      const market = deps.market();
      if (market) this.set(Math.max(0, (deps.clock().getTime() - Date.parse(market.as_of)) / 1000));
    },
  });
  new Gauge({
    name: `${prefix}market_data_stale`,
    help: '1 while the market data in use is an old copy (the provider is not answering).',
    registers: [registry],
    collect() {
      const market = deps.market();
      this.set(market?.stale ? 1 : 0);
    },
  });
  new Gauge({
    name: `${prefix}jobs`,
    help: 'Background jobs by queue and state (queued, retry, active, completed, failed, cancelled).',
    labelNames: ['queue', 'state'],
    registers: [registry],
    async collect() {
      this.reset();
      if (!deps.queues) return;
      for (const [queue, states] of Object.entries(await deps.queues()))
        for (const [state, n] of Object.entries(states)) this.set({ queue, state }, n);
    },
  });
  new Gauge({
    name: `${prefix}outbox_deliveries`,
    help: 'Notification deliveries (email, webhooks) by status; pending ones are the backlog.',
    labelNames: ['status'],
    registers: [registry],
    async collect() {
      this.reset();
      const rows = rowsOf(
        await deps.db.execute(
          sql`select status, count(*)::int as n from notification_deliveries group by status`,
        ),
      );
      for (const row of rows) this.set({ status: String(row.status) }, Number(row.n));
    },
  });
  new Gauge({
    name: `${prefix}connections`,
    help: 'Wallet and exchange connections by sync state (failed ones are failing to sync).',
    labelNames: ['state'],
    registers: [registry],
    async collect() {
      this.reset();
      const rows = rowsOf(
        await deps.db.execute(sql`select state, count(*)::int as n from connections group by state`),
      );
      for (const row of rows) this.set({ state: String(row.state) }, Number(row.n));
    },
  });
  return {
    registry,
    observe(method, route, status, seconds) {
      requests.inc({ method, route, status: String(status) });
      latency.observe({ method, route }, seconds);
    },
  };
}
