import { type QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApiClient, resetApiClientState } from '@/lib/api/client';
import { createQueryClient } from '@/lib/query-client';
import { taxSettingsQuery } from '@/lib/tax/tax-api';
import {
  authRoutesFor,
  heldUntilReleased,
  installFakeFetch,
  json,
  type RecordedCall,
} from '@/test/fake-fetch';
import { render, screen, waitFor } from '@/test/testing-library';
import { TaxRuleSection } from './tax-rule-section';

type TaxSettings = {
  rule: string;
  custom_threshold_days: number;
  short_rate: string;
  long_rate: string;
  yearly_allowance: string | null;
  lots_per_portfolio: boolean;
};
let stored: TaxSettings;
let calls: RecordedCall[] = [];

beforeEach(() => {
  resetApiClientState();
  configureApiClient({ sleep: async () => {}, isOnline: () => true });
  stored = {
    rule: 'none',
    custom_threshold_days: 365,
    short_rate: '0',
    long_rate: '0',
    yearly_allowance: null,
    lots_per_portfolio: false,
  };
  ({ calls } = installFakeFetch({
    ...authRoutesFor(true),
    'GET /api/v2/tax/settings/': () => json({ ...stored }),
    'PATCH /api/v2/tax/settings/': (call) => {
      stored = { ...stored, ...JSON.parse(call.body ?? '{}') };
      return json(stored);
    },
  }));
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const slow = { timeout: 3_000 };

function renderSection() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <TaxRuleSection />
    </QueryClientProvider>,
  );
}

/** A figure that follows the tax rule (Oracle's tax-timing card): its refetches answer when released. */
function FollowsTheRule({ answers }: { answers: (() => void)[] }) {
  useQuery({
    queryKey: ['insights', 'tax-timing'],
    queryFn: () => new Promise<string>((resolve) => answers.push(() => resolve('card'))),
  });
  return null;
}

describe('TaxRuleSection', () => {
  it('is done saving when the server answers: the figures that follow the rule refresh in the background', async () => {
    const client: QueryClient = createQueryClient();
    const answers: (() => void)[] = [];
    render(
      <QueryClientProvider client={client}>
        <TaxRuleSection />
        <FollowsTheRule answers={answers} />
      </QueryClientProvider>,
    );
    await waitFor(() => expect(answers).toHaveLength(1), slow);
    answers[0]?.();
    const us = (await screen.findByRole('radio', { name: /United States/ }, slow)) as HTMLInputElement;
    await waitFor(() => expect(us.disabled).toBe(false), slow);
    const settingsGets = () => calls.filter((c) => c.path === '/api/v2/tax/settings/' && c.method === 'GET');
    expect(settingsGets()).toHaveLength(1);

    await userEvent.click(us);
    expect(us.checked).toBe(true);
    // The card refetches and does not answer; the save is over all the same, nothing is locked.
    await waitFor(() => expect(answers).toHaveLength(2), slow);
    await waitFor(() => expect(client.isMutating()).toBe(0), slow);
    expect(stored.rule).toBe('us');
    expect(us.checked).toBe(true);
    expect(screen.getAllByRole('radio').every((r) => !(r as HTMLInputElement).disabled)).toBe(true);
    // The saved settings came back with the PATCH: not asked for again.
    expect(settingsGets()).toHaveLength(1);
    answers[1]?.();
  });

  it("scrolls itself into view when opened from Oracle's link to /settings#tax-rule", async () => {
    const scrolled: Element[] = [];
    vi.spyOn(Element.prototype, 'scrollIntoView').mockImplementation(function (this: Element) {
      scrolled.push(this);
    });
    window.history.replaceState(null, '', '/settings#tax-rule');
    try {
      renderSection();
      const section = await screen.findByRole('region', { name: 'Tax rule' }, slow);
      expect(section.id).toBe('tax-rule');
      expect(scrolled).toEqual([section]);
    } finally {
      window.history.replaceState(null, '', '/');
      vi.restoreAllMocks();
    }
  });

  it('says which rules fix lot matching and which leave the method choice', async () => {
    renderSection();
    const germany = await screen.findByRole('radio', { name: /Germany/ }, slow);
    expect(germany.closest('label')?.textContent).toContain('Lot matching fixed by law: FIFO.');
    expect(screen.getByRole('radio', { name: /United Kingdom/ }).closest('label')?.textContent).toContain(
      'same day, 30 days, Section 104 pool',
    );
    expect(screen.getByRole('radio', { name: /United States/ }).closest('label')?.textContent).toContain(
      'Lot matching follows your cost-basis method above.',
    );
  });

  it('saves the rule, then a custom threshold and two rates', async () => {
    renderSection();
    const custom = await screen.findByRole('radio', { name: /Custom/ }, slow);
    await waitFor(() => expect((custom as HTMLInputElement).disabled).toBe(false), slow);
    await userEvent.click(custom);
    await waitFor(() => expect(stored.rule).toBe('custom'), slow);
    const days = await screen.findByLabelText('Long-term after (days)', {}, slow);
    await userEvent.clear(days);
    await userEvent.type(days, '200');
    await userEvent.clear(screen.getByLabelText('Short-term rate (%)'));
    await userEvent.type(screen.getByLabelText('Short-term rate (%)'), '30');
    await userEvent.clear(screen.getByLabelText('Long-term rate (%)'));
    await userEvent.type(screen.getByLabelText('Long-term rate (%)'), '10');
    await userEvent.click(screen.getByRole('button', { name: 'Save rates' }));
    await waitFor(
      () =>
        expect(stored).toEqual({
          rule: 'custom',
          custom_threshold_days: 200,
          short_rate: '30',
          long_rate: '10',
          yearly_allowance: null,
          lots_per_portfolio: false,
        }),
      slow,
    );
    expect(calls.filter((c) => c.method === 'PATCH').length).toBe(2);
  });

  it('shows the saved threshold and rates when the settings were already loaded (coming back to Settings)', async () => {
    const saved = {
      rule: 'custom',
      custom_threshold_days: 200,
      short_rate: '30',
      long_rate: '10',
      yearly_allowance: '2500',
      lots_per_portfolio: false,
    } as const;
    stored = { ...saved };
    const client = createQueryClient();
    client.setQueryData(taxSettingsQuery().queryKey, { ...saved });
    render(
      <QueryClientProvider client={client}>
        <TaxRuleSection />
      </QueryClientProvider>,
    );
    const value = (label: string) => (screen.getByLabelText(label) as HTMLInputElement).value;
    expect(value('Long-term after (days)')).toBe('200');
    expect(value('Short-term rate (%)')).toBe('30');
    expect(value('Long-term rate (%)')).toBe('10');
    expect(value('Yearly allowance (optional)')).toBe('2500');
  });

  it('saves the custom rule’s yearly allowance, and an empty field as none', async () => {
    stored = { ...stored, rule: 'custom' };
    renderSection();
    const field = await screen.findByLabelText('Yearly allowance (optional)', {}, slow);
    await waitFor(
      () =>
        expect((screen.getByRole('button', { name: 'Save rates' }) as HTMLButtonElement).disabled).toBe(
          false,
        ),
      slow,
    );
    await userEvent.type(field, ' 2500.5 ');
    await userEvent.click(screen.getByRole('button', { name: 'Save rates' }));
    await waitFor(() => expect(stored.yearly_allowance).toBe('2500.5'), slow);
    await userEvent.clear(field);
    await userEvent.click(screen.getByRole('button', { name: 'Save rates' }));
    await waitFor(() => expect(stored.yearly_allowance).toBeNull(), slow);
    // Other rules take their allowance from the law: no field.
    await userEvent.click(screen.getByRole('radio', { name: /United Kingdom/ }));
    await waitFor(() => expect(screen.queryByLabelText('Yearly allowance (optional)')).toBeNull(), slow);
  });

  it('keeps rates typed while the answer to choosing Custom was on its way', async () => {
    const patch = heldUntilReleased((call) => {
      stored = { ...stored, ...JSON.parse(call.body ?? '{}') };
      return json(stored);
    });
    installFakeFetch({
      ...authRoutesFor(true),
      'GET /api/v2/tax/settings/': () => json({ ...stored }),
      'PATCH /api/v2/tax/settings/': patch.handler,
    });
    renderSection();
    const custom = await screen.findByRole('radio', { name: /Custom/ }, slow);
    await waitFor(() => expect((custom as HTMLInputElement).disabled).toBe(false), slow);
    await userEvent.click(custom);
    const days = await screen.findByLabelText('Long-term after (days)', {}, slow);
    await userEvent.clear(days);
    await userEvent.type(days, '200');
    await userEvent.clear(screen.getByLabelText('Short-term rate (%)'));
    await userEvent.type(screen.getByLabelText('Short-term rate (%)'), '30');
    patch.release();
    await waitFor(() => expect(stored.rule).toBe('custom'), slow);
    await waitFor(() => expect((custom as HTMLInputElement).disabled).toBe(false), slow);
    expect((days as HTMLInputElement).value).toBe('200');
    expect((screen.getByLabelText('Short-term rate (%)') as HTMLInputElement).value).toBe('30');
  });

  it('offers per-portfolio lots under the US rule only, saving the checkbox as it changes', async () => {
    stored = { ...stored, rule: 'us' };
    renderSection();
    const box = await screen.findByRole('checkbox', {
      name: 'Lots are tracked per portfolio (wallet or account)',
    });
    expect(screen.getByText(/required from 1 January 2025 \(IRS Rev\. Proc\. 2024-28\)/)).toBeTruthy();
    await waitFor(() => expect((box as HTMLInputElement).disabled).toBe(false), slow);
    await userEvent.click(box);
    await waitFor(() => expect(stored.lots_per_portfolio).toBe(true), slow);
    await waitFor(() => expect((box as HTMLInputElement).checked).toBe(true), slow);
    await userEvent.click(screen.getByRole('radio', { name: /Germany/ }));
    await waitFor(() => expect(screen.queryByRole('checkbox')).toBeNull(), slow);
  });
});
