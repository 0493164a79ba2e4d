import type { TaxHistory, TaxHistoryEntry } from '@app/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApiClient, resetApiClientState } from '@/lib/api/client';
import { createQueryClient } from '@/lib/query-client';
import { authRoutesFor, installFakeFetch, json, type RecordedCall } from '@/test/fake-fetch';
import { cleanup, render, screen, waitFor, within } from '@/test/testing-library';
import { TaxHistorySection } from './tax-history-section';

type HappyWindow = Window & { happyDOM?: { setViewport(v: { width: number; height: number }): void } };

function setViewport(width: number): void {
  const happy = (window as HappyWindow).happyDOM;
  if (happy === undefined) throw new Error('component tests run in happy-dom');
  happy.setViewport({ width, height: 800 });
}

const base: TaxHistoryEntry = {
  from_year: null,
  from_label: null,
  method: 'fifo',
  rule: 'us',
  custom_threshold_days: 365,
  short_rate: '30',
  long_rate: '15',
  yearly_allowance: null,
  effective_method: 'fifo',
};

let stored: TaxHistory;
let calls: RecordedCall[] = [];

beforeEach(() => {
  resetApiClientState();
  configureApiClient({ sleep: async () => {}, isOnline: () => true });
  stored = { entries: [base], current_year: 2025, latest_year: 2026, earliest_year: 2009 };
  ({ calls } = installFakeFetch({
    ...authRoutesFor(true),
    'GET /api/v2/tax/history/': () => json(stored),
    'POST /api/v2/tax/history/': (call) => {
      const body = JSON.parse(call.body ?? '{}') as { from_year: number; method?: string; rule?: string };
      if (body.from_year < stored.current_year && !('confirm_past_years' in body))
        return json(
          {
            error: {
              code: 'validation_error',
              message: 'Please check your input and try again',
              category: 'validation',
              details: { fields: { confirm_past_years: ['confirm'] } },
            },
          },
          400,
        );
      const latest = stored.entries.at(-1) as TaxHistoryEntry;
      const method = (body.method ?? latest.method) as TaxHistoryEntry['method'];
      const entry: TaxHistoryEntry = {
        ...latest,
        from_year: body.from_year,
        from_label: String(body.from_year),
        method,
        rule: (body.rule ?? latest.rule) as TaxHistoryEntry['rule'],
        effective_method: method === 'average' ? 'fifo' : method,
      };
      stored = { ...stored, entries: [...stored.entries, entry], earliest_year: body.from_year + 1 };
      return json(stored);
    },
    'DELETE /api/v2/tax/history/latest/': () => {
      stored = { ...stored, entries: stored.entries.slice(0, -1), earliest_year: 2009 };
      return json(stored);
    },
  }));
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const slow = { timeout: 3_000 };

function renderSection() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <TaxHistorySection />
    </QueryClientProvider>,
  );
}

describe.each([
  ['390 px', 390],
  ['1280 px', 1280],
])('TaxHistorySection at %s', (_name, width) => {
  beforeEach(() => setViewport(width));

  it('lists the history, says the dashboard keeps the current method, and adds a change from next year at once', async () => {
    renderSection();
    const list = await screen.findByRole('list', { name: 'Tax settings by year' }, slow);
    expect(await within(list).findByText('From the first transaction', {}, slow)).toBeTruthy();
    expect(within(list).getByText(/FIFO.*United States/)).toBeTruthy();
    expect(screen.getByText(/dashboard figures .* always use the current method/)).toBeTruthy();

    await userEvent.selectOptions(screen.getByLabelText('From tax year'), '2026');
    await userEvent.selectOptions(screen.getByLabelText('Cost-basis method'), 'hifo');
    // Only rules on the same tax calendar are offered.
    const rules = within(screen.getByLabelText('Tax rule'))
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(rules).toEqual(['No tax rule', 'United States', 'Custom']);
    await userEvent.click(screen.getByRole('button', { name: 'Add change' }));
    await waitFor(() => expect(within(list).getByText('From 2026')).toBeTruthy(), slow);
    const post = calls.find((c) => c.method === 'POST');
    expect(JSON.parse(post?.body ?? '{}')).toEqual({ from_year: 2026, method: 'hifo' });
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('asks before a change to a past year, and sends it only once confirmed', async () => {
    renderSection();
    await userEvent.selectOptions(await screen.findByLabelText('From tax year', {}, slow), '2024');
    await userEvent.selectOptions(screen.getByLabelText('Cost-basis method'), 'hifo');
    await userEvent.click(screen.getByRole('button', { name: 'Add change' }));
    const dialog = await screen.findByRole('alertdialog', {}, slow);
    expect(dialog.textContent).toMatch(/reports of 2024 to 2025 are figured again/);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await userEvent.click(screen.getByRole('button', { name: 'Add change' }));
    await userEvent.click(
      within(await screen.findByRole('alertdialog', {}, slow)).getByRole('button', {
        name: 'Change past years',
      }),
    );
    await waitFor(() => expect(screen.getByText('From 2024')).toBeTruthy(), slow);
    const post = calls.find((c) => c.method === 'POST');
    expect(JSON.parse(post?.body ?? '{}')).toEqual({
      from_year: 2024,
      method: 'hifo',
      confirm_past_years: true,
    });
  });

  it('removes the latest change after confirming', async () => {
    stored = {
      ...stored,
      entries: [
        base,
        { ...base, from_year: 2024, from_label: '2024', method: 'hifo', effective_method: 'hifo' },
      ],
      earliest_year: 2025,
    };
    renderSection();
    await userEvent.click(await screen.findByRole('button', { name: 'Remove this change' }, slow));
    const dialog = await screen.findByRole('alertdialog', {}, slow);
    expect(dialog.textContent).toMatch(/From 2024 on, the reports use FIFO/);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove change' }));
    await waitFor(() => expect(screen.queryByText('From 2024')).toBeNull(), slow);
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(1);
  });
});
