import { accountDataMessages } from '@app/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApiClient, resetApiClientState } from '@/lib/api/client';
import { createQueryClient } from '@/lib/query-client';
import { authRoutesFor, envelope, installFakeFetch, json, type RecordedCall } from '@/test/fake-fetch';
import { render, screen, waitFor } from '@/test/testing-library';
import { AccountDataSection } from './account-data-section';

const empty = { portfolios: 0, transactions: 0, projections: 0, alerts: 0, watchlists: 0 };
const summary = (counts = empty) => ({
  is_empty: Object.values(counts).every((n) => n === 0),
  counts,
  import_max_bytes: 32 * 1024 * 1024,
});
const importResult = {
  success: true,
  imported: { portfolios: 1, transactions: 3, alerts: 0 },
  left_out: [{ kind: 'connection', name: 'Ledger', reason: 'A connection needs its key or address.' }],
  notes: [],
};

let calls: RecordedCall[];
let importAnswer: () => Response;
let counts = empty;

beforeEach(() => {
  resetApiClientState();
  configureApiClient({ sleep: async () => {}, isOnline: () => true });
  counts = empty;
  importAnswer = () => json(importResult);
  ({ calls } = installFakeFetch({
    ...authRoutesFor(true),
    'GET /api/v2/account/': () => json(summary(counts)),
    'POST /api/v2/account/import/': () => importAnswer(),
    'GET /api/v2/account/export/': () =>
      new Response('{"format":"exit-liquidity-account-export"}', {
        status: 200,
        headers: {
          'Content-Type': 'application/json',
          'Content-Disposition': 'attachment; filename="exit-liquidity-account-2026-12-02.json"',
        },
      }),
  }));
});
afterEach(() => {
  vi.unstubAllGlobals();
});

function renderSection() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <AccountDataSection />
    </QueryClientProvider>,
  );
}

const fileOf = (text: string) => new File([text], 'export.json', { type: 'application/json' });

describe('Your data: import', () => {
  it('offers no import to an account that holds data, and says what it holds', async () => {
    counts = { ...empty, portfolios: 2, transactions: 5 };
    renderSection();
    expect(await screen.findByText(/holds 2 portfolios, 5 transactions\./)).toBeTruthy();
    expect(screen.queryByLabelText('Account file')).toBeNull();
  });

  it('imports a chosen file into an empty account and says what came in and what was left out', async () => {
    // As the server: once imported the account holds data, and the summary the page refetches says so.
    importAnswer = () => {
      counts = { ...empty, portfolios: 1, transactions: 3 };
      return json(importResult);
    };
    renderSection();
    await userEvent.upload(
      await screen.findByLabelText('Account file'),
      fileOf('{"format":"x","version":1}'),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Import into this account' }));
    const status = await screen.findByRole('status');
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/v2/account/').length).toBe(2));
    expect(status.textContent).toContain('Imported 1 portfolio, 3 transactions.');
    expect(status.textContent).toContain('Ledger: A connection needs its key or address.');
    const sent = calls.find((c) => c.method === 'POST' && c.path === '/api/v2/account/import/');
    expect(JSON.parse(sent?.body ?? 'null')).toEqual({ format: 'x', version: 1 });
  });

  it('shows the server’s reason when it refuses the file', async () => {
    importAnswer = () =>
      envelope(400, 'validation_error', 'validation', accountDataMessages.notAnExport, {
        fields: { format: [accountDataMessages.notAnExport] },
      });
    renderSection();
    await userEvent.upload(await screen.findByLabelText('Account file'), fileOf('{"hello":1}'));
    await userEvent.click(screen.getByRole('button', { name: 'Import into this account' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(accountDataMessages.notAnExport);
  });

  it('refuses a file that is not JSON without sending it', async () => {
    renderSection();
    await userEvent.upload(await screen.findByLabelText('Account file'), fileOf('{"format":"exit-liq'));
    await userEvent.click(screen.getByRole('button', { name: 'Import into this account' }));
    expect((await screen.findByRole('alert')).textContent).toContain('not JSON, or it was cut short');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });
});

describe('Your data: download', () => {
  it('saves the file under the server’s name and says so', async () => {
    const created: Blob[] = [];
    vi.stubGlobal(
      'URL',
      Object.assign(URL, {
        createObjectURL: (blob: Blob) => {
          created.push(blob);
          return 'blob:export';
        },
        revokeObjectURL: () => {},
      }),
    );
    renderSection();
    await userEvent.click(screen.getByRole('button', { name: 'Download all my data' }));
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe(
        'Saved exit-liquidity-account-2026-12-02.json (1 kB).',
      ),
    );
    expect(created).toHaveLength(1);
  });
});
