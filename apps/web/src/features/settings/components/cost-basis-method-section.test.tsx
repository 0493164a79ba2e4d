import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApiClient, resetApiClientState } from '@/lib/api/client';
import { createQueryClient } from '@/lib/query-client';
import { authRoutesFor, installFakeFetch, json, type RecordedCall } from '@/test/fake-fetch';
import { act, fireEvent, render, screen, waitFor } from '@/test/testing-library';
import { CostBasisMethodSection } from './cost-basis-method-section';

/*
 * The e2e journey once saw the FIFO radio unchecked (and disabled) right after clicking it: a
 * market refresh's `buffers` event refetches every query, and a settings refetch during the save
 * answered the copy from before it. The choice being saved must stay on screen until it answers.
 */

type Settings = { base_currency: string; favorites: string[]; cost_basis_method: string };

let stored: Settings;
let calls: RecordedCall[] = [];
/** Held answers: each request waits until the test releases it. */
let heldPatch: (() => void) | null = null;
let holdGets = false;
const heldGets: (() => void)[] = [];

beforeEach(() => {
  resetApiClientState();
  configureApiClient({ sleep: async () => {}, isOnline: () => true });
  stored = { base_currency: 'usd', favorites: [], cost_basis_method: 'average' };
  heldPatch = null;
  holdGets = false;
  heldGets.length = 0;
  ({ calls } = installFakeFetch({
    ...authRoutesFor(true),
    'GET /api/v2/settings/': () => {
      // The copy is taken when the server reads it, as a real server would.
      const copy = { ...stored };
      if (!holdGets) return json(copy);
      return new Promise((resolve) => heldGets.push(() => resolve(json(copy))));
    },
    'PATCH /api/v2/settings/': (call) =>
      new Promise((resolve) => {
        heldPatch = () => {
          stored = { ...stored, ...JSON.parse(call.body ?? '{}') };
          resolve(json(stored));
        };
      }),
  }));
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const slow = { timeout: 3_000 };
/** Query updates reach React on a later task (TanStack's notify manager): let them render. */
const rendered = () => act(() => new Promise<void>((resolve) => setTimeout(resolve, 10)));
const settingsGets = () => calls.filter((c) => c.method === 'GET' && c.path === '/api/v2/settings/').length;

function radio(name: string): HTMLInputElement {
  const element = screen.getByRole('radio', { name: new RegExp(name) });
  if (!(element instanceof HTMLInputElement)) throw new Error(`${name} is not an input`);
  return element;
}

async function renderSection(): Promise<QueryClient> {
  const client = createQueryClient();
  render(
    <QueryClientProvider client={client}>
      <CostBasisMethodSection />
    </QueryClientProvider>,
  );
  await waitFor(() => expect(radio('FIFO').disabled).toBe(false), slow);
  return client;
}

describe('CostBasisMethodSection while a save is in flight', () => {
  it('shows the chosen method checked as soon as it is clicked', async () => {
    const client = await renderSection();
    const fifo = radio('FIFO');
    // No waiting: Playwright reads the state right after its click, before any later task runs.
    fireEvent.click(fifo);
    expect(fifo.checked).toBe(true);
    await waitFor(() => expect(heldPatch).not.toBeNull(), slow);
    heldPatch?.();
    await waitFor(() => expect(client.isMutating()).toBe(0), slow);
    expect(fifo.checked).toBe(true);
  });

  it('stays choosable while a save is in flight; a second choice is saved after the first and stays', async () => {
    const client = await renderSection();
    await userEvent.click(radio('FIFO'));
    await waitFor(() => expect(heldPatch).not.toBeNull(), slow);
    // Never disabled by a save: a save that is slow to answer must not lock the choice.
    expect(radio('LIFO').disabled).toBe(false);
    await userEvent.click(radio('LIFO'));
    expect(radio('LIFO').checked).toBe(true);
    // One save at a time, in order: the second is sent only once the first has answered.
    const patches = () => calls.filter((c) => c.method === 'PATCH').map((c) => JSON.parse(c.body ?? '{}'));
    expect(patches()).toEqual([{ cost_basis_method: 'fifo' }]);
    const first = heldPatch;
    first?.();
    await waitFor(() => expect(heldPatch).not.toBe(first), slow);
    await rendered();
    expect(radio('LIFO').checked).toBe(true);
    heldPatch?.();
    await waitFor(() => expect(client.isMutating()).toBe(0), slow);
    expect(patches()).toEqual([{ cost_basis_method: 'fifo' }, { cost_basis_method: 'lifo' }]);
    expect(stored.cost_basis_method).toBe('lifo');
    expect(radio('LIFO').checked).toBe(true);
  });

  it('keeps the chosen method checked when a refetch answers the copy from before the save', async () => {
    const client = await renderSection();
    const fifo = radio('FIFO');
    await userEvent.click(fifo);
    expect(fifo.checked).toBe(true);
    await waitFor(() => expect(heldPatch).not.toBeNull(), slow);

    // A buffers event: every query refetches while the PATCH is still on its way.
    await client.invalidateQueries();
    expect(settingsGets()).toBe(2);
    expect(client.getQueryData(['settings'])).toMatchObject({ cost_basis_method: 'average' });
    await rendered();
    expect(fifo.checked).toBe(true);

    heldPatch?.();
    await waitFor(() => expect(client.isMutating()).toBe(0), slow);
    expect(fifo.checked).toBe(true);
  });

  it('does not let a refetch begun during the save overwrite its answer', async () => {
    const client = await renderSection();
    const fifo = radio('FIFO');
    await userEvent.click(fifo);
    await waitFor(() => expect(heldPatch).not.toBeNull(), slow);

    holdGets = true;
    void client.invalidateQueries();
    await waitFor(() => expect(heldGets).toHaveLength(1), slow);
    heldPatch?.();
    await waitFor(() => expect(client.isMutating()).toBe(0), slow);
    // The refetch read the stored settings before the save: its late answer must be ignored.
    heldGets[0]?.();
    await rendered();
    expect(fifo.checked).toBe(true);
    expect(client.getQueryData(['settings'])).toMatchObject({ cost_basis_method: 'fifo' });
  });
});
