import { defaultTaxSettings } from '@app/contracts';
import { type QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiRequest, configureApiClient, resetApiClientState } from '@/lib/api/client';
import { createQueryClient } from '@/lib/query-client';
import { taxRuleQueryRoots, useUpdateTaxSettings } from '@/lib/tax/tax-api';
import { authRoutesFor, installFakeFetch, json, type RecordedCall } from '@/test/fake-fetch';
import { render, screen, waitFor } from '@/test/testing-library';
import { costBasisQueryRoots, useUpdateSettings } from './use-user-settings';

/*
 * Every portfolio figure follows the cost-basis method, so switching it must refetch what is on
 * screen from the dashboard, portfolio and transaction queries; market data is not affected.
 */

let calls: RecordedCall[] = [];
let settings = { base_currency: 'usd', favorites: [] as string[], cost_basis_method: 'average' };

beforeEach(() => {
  resetApiClientState();
  configureApiClient({ sleep: async () => {}, isOnline: () => true });
  settings = { base_currency: 'usd', favorites: [], cost_basis_method: 'average' };
  const figure = (call: RecordedCall) => json({ path: call.path, method: settings.cost_basis_method });
  ({ calls } = installFakeFetch({
    ...authRoutesFor(true),
    'GET /api/v2/settings/': () => json(settings),
    'PATCH /api/v2/settings/': (call) => {
      settings = { ...settings, ...JSON.parse(call.body ?? '{}') };
      return json(settings);
    },
    'GET /api/v2/dashboard/': figure,
    'GET /api/v2/portfolios/': figure,
    'GET /api/v2/transactions/': figure,
    'GET /api/v2/projections/': figure,
    'GET /api/v2/tax/lots/': figure,
    'GET /api/v2/insights/': figure,
    'PATCH /api/v2/tax/settings/': (call) => {
      settings = { ...settings, cost_basis_method: `rule ${JSON.parse(call.body ?? '{}').rule}` };
      return json({ ...defaultTaxSettings, rule: JSON.parse(call.body ?? '{}').rule });
    },
    'GET /api/v2/cryptocurrencies/': figure,
  }));
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const slow = { timeout: 5_000 };

function Figure({ root, path }: { root: string; path: string }) {
  const { data } = useQuery({
    queryKey: [root, 'figure'],
    queryFn: ({ signal }) => apiRequest<{ method: string }>(path, { signal }),
  });
  return <output aria-label={root}>{data?.method ?? 'loading'}</output>;
}

function Switch({ patch }: { patch: Parameters<ReturnType<typeof useUpdateSettings>['mutate']>[0] }) {
  const update = useUpdateSettings();
  return (
    <>
      <button type="button" onClick={() => update.mutate(patch)}>
        Switch
      </button>
      <output aria-label="update">{update.status}</output>
    </>
  );
}

function RuleSwitch() {
  const update = useUpdateTaxSettings();
  return (
    <button type="button" onClick={() => update.mutate({ rule: 'de' })}>
      Switch rule
    </button>
  );
}

function renderFigures(patch: Parameters<ReturnType<typeof useUpdateSettings>['mutate']>[0]): QueryClient {
  const client = createQueryClient();
  render(
    <QueryClientProvider client={client}>
      <Figure root="dashboard" path="/v2/dashboard/" />
      <Figure root="portfolios" path="/v2/portfolios/" />
      <Figure root="transactions" path="/v2/transactions/" />
      <Figure root="projections" path="/v2/projections/" />
      <Figure root="tax" path="/v2/tax/lots/" />
      <Figure root="insights" path="/v2/insights/" />
      <Figure root="market" path="/v2/cryptocurrencies/" />
      <Switch patch={patch} />
      <RuleSwitch />
    </QueryClientProvider>,
  );
  return client;
}

const gets = (path: string) => calls.filter((c) => c.method === 'GET' && c.path === path).length;

describe('useUpdateSettings', () => {
  it('lists the query roots that follow the cost-basis method', () => {
    expect(costBasisQueryRoots).toEqual([
      'dashboard',
      'portfolios',
      'transactions',
      'projections',
      'tax',
      'insights',
    ]);
    expect(taxRuleQueryRoots).toEqual(['tax', 'insights']);
  });

  it('refetches every tax figure and Oracle’s cards, and nothing else, when the tax rule changes', async () => {
    renderFigures({ favorites: [] });
    for (const root of [...costBasisQueryRoots, 'market']) {
      await waitFor(() => expect(screen.getByLabelText(root).textContent).toBe('average'), slow);
    }
    await userEvent.click(screen.getByRole('button', { name: 'Switch rule' }));
    for (const root of taxRuleQueryRoots) {
      await waitFor(() => expect(screen.getByLabelText(root).textContent).toBe('rule de'), slow);
    }
    for (const root of ['dashboard', 'portfolios', 'transactions', 'projections', 'market']) {
      expect(screen.getByLabelText(root).textContent).toBe('average');
    }
    expect(gets('/api/v2/dashboard/')).toBe(1);
  });

  it('refetches dashboard, portfolio, transaction and projection figures when the cost-basis method changes', async () => {
    renderFigures({ cost_basis_method: 'fifo' });
    for (const root of [...costBasisQueryRoots, 'market']) {
      await waitFor(() => expect(screen.getByLabelText(root).textContent).toBe('average'), slow);
    }
    await userEvent.click(screen.getByRole('button', { name: 'Switch' }));
    for (const root of costBasisQueryRoots) {
      await waitFor(() => expect(screen.getByLabelText(root).textContent).toBe('fifo'), slow);
    }
    expect(gets('/api/v2/dashboard/')).toBe(2);
    expect(gets('/api/v2/transactions/')).toBe(2);
    // Market data does not depend on the method: not fetched again.
    expect(screen.getByLabelText('market').textContent).toBe('average');
    expect(gets('/api/v2/cryptocurrencies/')).toBe(1);
  });

  it('leaves the figures alone for a change that does not touch them (favourites)', async () => {
    const client = renderFigures({ favorites: ['bitcoin'] });
    for (const root of costBasisQueryRoots) {
      await waitFor(() => expect(screen.getByLabelText(root).textContent).toBe('average'), slow);
    }
    await userEvent.click(screen.getByRole('button', { name: 'Switch' }));
    await waitFor(() => expect(screen.getByLabelText('update').textContent).toBe('success'), slow);
    expect(settings.favorites).toEqual(['bitcoin']);
    // Neither marked stale nor fetched again (an invalidation would show as one or the other).
    for (const root of costBasisQueryRoots) {
      const state = client.getQueryState([root, 'figure']);
      expect(state).toMatchObject({ isInvalidated: false, dataUpdateCount: 1, fetchStatus: 'idle' });
    }
  });
});
