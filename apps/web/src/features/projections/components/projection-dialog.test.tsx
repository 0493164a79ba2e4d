import { projectionMessages } from '@app/contracts';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeFetch, json } from '@/test/fake-fetch';
import { screen, waitFor } from '@/test/testing-library';
import { emptyFormState, useProjectionsSelection } from '../store/projections-selection-store';
import { renderWithQuery } from '../test/render';
import { ProjectionDialog } from './projection-dialog';

const coins = [
  {
    id: 'bitcoin',
    db_id: 'bitcoin',
    symbol: 'btc',
    name: 'Bitcoin',
    image: '',
    user_favorite: true,
    available_balance: '1.123456789',
    current_price: 1,
    market_cap_rank: 1,
  },
  {
    id: 'ethereum',
    db_id: 'ethereum',
    symbol: 'eth',
    name: 'Ethereum',
    image: '',
    user_favorite: false,
    available_balance: '0',
    current_price: 1,
    market_cap_rank: 2,
  },
];

async function setup(mode: 'create' | 'edit' = 'create', holdings = false) {
  const fetch = installFakeFetch({
    'GET /api/v2/cryptocurrencies/market_select/': () => json({ cryptocurrencies: coins }),
    'GET /api/v2/projections/exit-strategy/portfolio-data/': () =>
      json(
        holdings
          ? { portfolio_data_available: true, invested_capital: '1234.5', tokens_owned: '0.75' }
          : { portfolio_data_available: false, invested_capital: null, tokens_owned: null },
      ),
  });
  useProjectionsSelection.setState({ formState: { ...emptyFormState, isFormVisible: true, mode } });
  const submitCreate = vi.fn(async () => ({ id: 'new-id' }));
  const submitUpdate = vi.fn(async () => true);
  const onCreated = vi.fn();
  const onClose = vi.fn();
  renderWithQuery(
    <ProjectionDialog
      onCreated={onCreated}
      onClose={onClose}
      submitCreate={submitCreate}
      submitUpdate={submitUpdate}
    />,
  );
  // The dialog's code loads on first opening.
  await screen.findByRole('dialog');
  return { fetch, submitCreate, submitUpdate, onCreated, onClose, user: userEvent.setup() };
}

const field = (name: string) => screen.getByRole('textbox', { name });

beforeEach(() => {
  useProjectionsSelection.setState({ formState: emptyFormState });
});

describe('projection dialog (its fields and their messages)', () => {
  it('shows every required message under its field and clears one when it is edited', async () => {
    const { user, submitCreate } = await setup();
    await user.click(screen.getByRole('button', { name: 'Create projection' }));
    for (const message of [
      projectionMessages.selectCoin,
      projectionMessages.enterName,
      projectionMessages.enterInvestedCapital,
      projectionMessages.enterCoinsOwned,
      projectionMessages.enterSellTax,
    ]) {
      expect(screen.getByText(message)).toBeTruthy();
    }
    expect(field('Name').getAttribute('aria-invalid')).toBe('true');
    await user.type(field('Name'), 'x');
    expect(screen.queryByText(projectionMessages.enterName)).toBeNull();
    // The other messages stay until their own field is edited.
    expect(screen.getByText(projectionMessages.enterSellTax)).toBeTruthy();
    expect(submitCreate).not.toHaveBeenCalled();
  });

  it('says a valid number and a valid percentage', async () => {
    const { user } = await setup();
    await user.type(field('Invested capital'), 'abc');
    await user.type(field('Coins owned'), '-2');
    await user.type(field('Sell tax (%)'), '120');
    await user.click(screen.getByRole('button', { name: 'Create projection' }));
    expect(screen.getAllByText(projectionMessages.invalidNumber)).toHaveLength(2);
    expect(screen.getByText(projectionMessages.invalidPercentage)).toBeTruthy();
    await user.clear(field('Sell tax (%)'));
    expect(screen.queryByText(projectionMessages.invalidPercentage)).toBeNull();
  });

  it('prefills the name and a zero tax from the picked coin, with amounts to 8 decimals', async () => {
    const { user } = await setup();
    await user.click(screen.getByRole('button', { name: /Cryptocurrency/ }));
    const list = await screen.findByRole('listbox', { name: 'Cryptocurrencies' });
    expect(list.className).toContain('max-h-[300px]');
    expect(await screen.findByText('1.12345679')).toBeTruthy();
    await user.click(screen.getByRole('option', { name: 'Bitcoin (BTC)' }));
    expect((field('Name') as HTMLInputElement).value).toBe('BTC Position');
    expect((field('Sell tax (%)') as HTMLInputElement).value).toBe('0');
    expect(useProjectionsSelection.getState().formState.coinId).toBe('bitcoin');
    expect(localStorage.getItem('crypto_bitcoin')).toContain('Bitcoin');
  });

  it('narrows the list to matching coins while the search runs, and a coin clicked then is chosen', async () => {
    const { user } = await setup();
    // The market search never answers: the list must not empty under the pointer meanwhile.
    installFakeFetch({
      'GET /api/v2/cryptocurrencies/market_select/': () => json({ cryptocurrencies: coins }),
      'GET /api/v2/cryptocurrencies/search/': () => new Promise<Response>(() => {}),
    });
    await user.click(screen.getByRole('button', { name: /Cryptocurrency/ }));
    await screen.findByRole('option', { name: 'Bitcoin (BTC)' });
    await user.type(screen.getByRole('combobox', { name: 'Search coins' }), 'ether');
    const list = screen.getByRole('listbox', { name: 'Cryptocurrencies' });
    expect(list.className).toContain('max-h-[320px]');
    expect(screen.getAllByRole('option').map((o) => o.getAttribute('aria-label'))).toEqual([
      'Ethereum (ETH)',
    ]);
    // Past the 300 ms wait, with the search still out, the matches stay.
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(screen.getAllByRole('option').map((o) => o.getAttribute('aria-label'))).toEqual([
      'Ethereum (ETH)',
    ]);
    expect(screen.queryByText('Loading coins…')).toBeNull();
    await user.click(screen.getByRole('option', { name: 'Ethereum (ETH)' }));
    expect(useProjectionsSelection.getState().formState.coinId).toBe('ethereum');
  });

  it("shows the search's hits once they come, and says when nothing matches", async () => {
    const { user } = await setup();
    installFakeFetch({
      'GET /api/v2/cryptocurrencies/market_select/': () => json({ cryptocurrencies: coins }),
      'GET /api/v2/cryptocurrencies/search/': (call) =>
        json({
          coins: call.path.includes('q=wrapped')
            ? [
                {
                  id: 'weth',
                  name: 'Wrapped Ether',
                  symbol: 'weth',
                  market_cap_rank: 20,
                  thumb: '',
                  large: '',
                },
              ]
            : [],
        }),
    });
    await user.click(screen.getByRole('button', { name: /Cryptocurrency/ }));
    await screen.findByRole('option', { name: 'Bitcoin (BTC)' });
    const box = screen.getByRole('combobox', { name: 'Search coins' });
    await user.type(box, 'wrapped');
    expect(await screen.findByRole('option', { name: 'Wrapped Ether (WETH)' })).toBeTruthy();
    await user.clear(box);
    await user.type(box, 'zzzz');
    expect(await screen.findByText('No coins found')).toBeTruthy();
  });

  it('fills the amounts held in portfolios when a coin is picked, editable, and says where they came from', async () => {
    const { user, fetch } = await setup('create', true);
    await user.click(screen.getByRole('button', { name: /Cryptocurrency/ }));
    await user.click(await screen.findByRole('option', { name: 'Bitcoin (BTC)' }));
    await waitFor(() => expect((field('Invested capital') as HTMLInputElement).value).toBe('1234.5'));
    expect((field('Coins owned') as HTMLInputElement).value).toBe('0.75');
    expect(screen.getByText(/Filled in from your portfolios/)).toBeTruthy();
    expect(fetch.calls.some((c) => c.path.includes('portfolio-data/?coin_id=bitcoin'))).toBe(true);
    // Edited, the figures are the person's own; the portfolio amounts can be put back.
    await user.clear(field('Coins owned'));
    await user.type(field('Coins owned'), '0.5');
    expect(screen.queryByText(/Filled in from your portfolios/)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Use portfolio amounts' }));
    expect((field('Coins owned') as HTMLInputElement).value).toBe('0.75');
  });

  it('says so when no portfolio holds the picked coin', async () => {
    const { user } = await setup('create', false);
    await user.click(screen.getByRole('button', { name: /Cryptocurrency/ }));
    await user.click(await screen.findByRole('option', { name: 'Bitcoin (BTC)' }));
    expect(await screen.findByText(/None of your portfolios holds BTC/)).toBeTruthy();
    expect((field('Invested capital') as HTMLInputElement).value).toBe('');
  });

  it('submits a valid form and hands the new id over', async () => {
    const { user, submitCreate, onCreated } = await setup();
    await user.click(screen.getByRole('button', { name: /Cryptocurrency/ }));
    await user.click(await screen.findByRole('option', { name: 'Ethereum (ETH)' }));
    await user.type(field('Invested capital'), '1,000');
    await user.type(field('Coins owned'), '3');
    await user.click(screen.getByRole('button', { name: 'Create projection' }));
    await waitFor(() => expect(onCreated).toHaveBeenCalledWith('new-id'));
    expect(submitCreate).toHaveBeenCalledWith(
      expect.objectContaining({ coinId: 'ethereum', name: 'ETH Position', sellTax: '0' }),
      'usd',
    );
  });

  it('edits without a coin requirement and keeps the coin fixed', async () => {
    const { user, submitUpdate, onClose } = await setup('edit');
    useProjectionsSelection
      .getState()
      .setFormState({ editingId: 'p1', name: 'Mine', investedCapital: '1', tokensOwned: '1', sellTax: '5' });
    expect((screen.getByRole('button', { name: /Cryptocurrency/ }) as HTMLButtonElement).disabled).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(submitUpdate).toHaveBeenCalledWith('p1', expect.objectContaining({ name: 'Mine', sellTax: '5' }));
    expect(screen.queryByText(projectionMessages.selectCoin)).toBeNull();
  });
});
