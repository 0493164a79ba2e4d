import { projectionLabels } from '@app/contracts';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@/test/testing-library';
import { btcDetail } from '../test/render';
import { ProjectionSwitcher } from './projection-switcher';

const btcImage = 'https://coin-images.coingecko.com/coins/images/1/large/bitcoin.png';
const p1 = { ...btcDetail.projection, coin_image: btcImage };
// No image: the switcher shows the coin's first two letters (ET) instead.
const p2 = {
  ...btcDetail.projection,
  id: '2',
  name: 'ETH Position',
  coin_id: 'ethereum',
  coin_symbol: 'eth',
  coin_image: '',
};

// The actions menu is a lazy part. Loaded cold, Vitest transforms it and its imports on the first
// click, which on a busy host outlasted findByRole's one second (a fresh-clone CI run failed so).
// Loaded here, the click still goes through React.lazy, whose import is then already settled.
beforeAll(async () => {
  await import('./projection-actions-menu');
});

function renderSwitcher(props: Partial<Parameters<typeof ProjectionSwitcher>[0]> = {}) {
  const handlers = { onSelectAll: vi.fn(), onSelect: vi.fn(), onEdit: vi.fn(), onDelete: vi.fn() };
  render(
    <ProjectionSwitcher
      projections={[p1, p2]}
      currentId="__all__"
      showDraft={false}
      {...handlers}
      {...props}
    />,
  );
  return handlers;
}

describe('projection switcher', () => {
  it("lists 'All' first, then each projection with its coin image and name", () => {
    renderSwitcher();
    const nav = screen.getByRole('navigation', { name: 'Projection switcher' });
    const items = within(nav).getAllByRole('listitem');
    expect(items.map((li) => li.textContent?.replace('⋯', '').trim())).toEqual([
      'All',
      'BTC Position',
      'ETETH Position',
    ]);
    expect(items[1]?.querySelector('img')?.getAttribute('src')).toBe(
      `/api/v2/coin-images/?src=${encodeURIComponent(btcImage)}&letters=BT`,
    );
    expect(items[2]?.querySelector('img')).toBeNull();
    expect(within(nav).getByRole('button', { name: 'All' }).getAttribute('aria-current')).toBe('page');
  });

  it('offers edit and delete per projection', async () => {
    const user = userEvent.setup();
    const h = renderSwitcher({ currentId: p2.id });
    await user.click(screen.getByRole('button', { name: 'Actions for ETH Position' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Edit' }));
    expect(h.onEdit).toHaveBeenCalledWith(p2);
    await user.click(screen.getByRole('button', { name: 'Actions for BTC Position' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    expect(h.onDelete).toHaveBeenCalledWith(p1);
  });

  it("says 'No projections available' when empty and 'New Projection' for a draft", () => {
    const { rerender } = render(
      <ProjectionSwitcher
        projections={[]}
        currentId=""
        showDraft={false}
        onSelectAll={vi.fn()}
        onSelect={vi.fn()}
        onEdit={vi.fn()}
        onDelete={vi.fn()}
      />,
    );
    expect(screen.getByText(projectionLabels.noProjections)).toBeTruthy();
    rerender(
      <ProjectionSwitcher
        projections={[]}
        currentId="draft-1"
        showDraft
        onSelectAll={vi.fn()}
        onSelect={vi.fn()}
        onEdit={vi.fn()}
        onDelete={vi.fn()}
      />,
    );
    expect(screen.getByText(projectionLabels.newProjection)).toBeTruthy();
    expect(screen.queryByText(projectionLabels.noProjections)).toBeNull();
  });
});
