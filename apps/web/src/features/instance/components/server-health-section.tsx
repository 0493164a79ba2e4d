import type { InstanceOverview } from '@app/contracts';
import { formatDateTime } from '@app/core';
import { Fact, InstanceSection } from './instance-section';

const modeWords: Record<string, string> = {
  live: 'Live',
  demo: 'Demo data (simulated)',
  snapshot: 'Offline snapshot',
};

/** The market provider, request budgets, jobs and wallet or exchange connections, as they stand. */
export function ServerHealthSection({ overview }: { overview: InstanceOverview }) {
  const { market, jobs, connections, users } = overview;
  return (
    <InstanceSection title="Server">
      <dl className="grid grid-cols-2 gap-4 sm:grid-cols-4">
        <Fact term="Market data">
          {market.source === 'demo' ? 'Bundled snapshot' : market.source} ·{' '}
          {modeWords[market.mode] ?? market.mode}
          {market.stale ? ' · stale' : ''}
        </Fact>
        <Fact term="Prices as of">
          <time dateTime={market.as_of}>{formatDateTime(market.as_of)}</time>
        </Fact>
        <Fact term="Accounts">
          {users.total} ({users.admins} running the server
          {users.disabled > 0 ? `, ${users.disabled} disabled` : ''})
        </Fact>
        <Fact term="Background jobs">
          {jobs === null
            ? 'Not run by this process'
            : `${jobs.queued} waiting or running · ${jobs.failed} failed`}
        </Fact>
        <Fact term="Connections">
          {connections.total} · {connections.failing} failing · {connections.needs_attention} need attention
        </Fact>
      </dl>
      {overview.budgets.length > 0 && (
        <div className="mt-4">
          <h3 className="text-sm font-medium">Request budgets</h3>
          <ul className="mt-2 grid gap-1 text-sm">
            {overview.budgets.map((b) => (
              <li key={b.provider}>
                <span className="font-mono text-xs">{b.provider}</span>: {b.tokens} requests in hand
                {b.paused_until && new Date(b.paused_until) > new Date()
                  ? `, paused by the provider until ${new Date(b.paused_until).toLocaleTimeString()}`
                  : ''}
              </li>
            ))}
          </ul>
        </div>
      )}
    </InstanceSection>
  );
}
