import { marketMessages } from '@app/contracts';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApiClient, resetApiClientState } from '@/lib/api/client';
import { envelope, installFakeFetch, json, type RecordedCall } from '@/test/fake-fetch';
import {
  breadth,
  coinDetails,
  type FakeMarketState,
  fakeMarketRoutes,
  fakeMarketState,
  marketCoin,
  marketCoins,
  snapshotSource,
} from '@/test/fake-market';
import { renderPage } from '@/test/render-page';
import { screen, waitFor, within } from '@/test/testing-library';
import { TerminalPage } from './terminal-page';

// A shared machine runs many suites at once; the waits below are for state, not speed.
vi.setConfig({ testTimeout: 30_000 });

vi.mock('@/components/ui/price-chart-canvas', async () => {
  const { PriceChartCanvasStandIn } = await import('@/test/chart-stand-in');
  return { PriceChartCanvas: PriceChartCanvasStandIn };
});

// The page's requests parse with schemas loaded on first use (the market's, the watchlists', and
// the shell's for the market status); on a fresh clone the first import transforms zod and the
// contract modules, which on a busy machine outlasted a findBy* wait. Loaded once up front, the
// tests wait for the page, not for the transform.
beforeAll(async () => {
  await Promise.all([
    import('@/lib/api/shell-schemas'),
    import('@/lib/market/market-schemas'),
    import('./api/watchlists-schemas'),
  ]);
});

/** Waits for state on a busy shared machine; never a timing assertion. */
const slow = { timeout: 5_000 };

let state: FakeMarketState;
let keys: () => string[];
let routes: ReturnType<typeof fakeMarketRoutes>;

function install(s: FakeMarketState = fakeMarketState()) {
  state = s;
  routes = fakeMarketRoutes(state);
  const fake = installFakeFetch(routes);
  keys = fake.keys;
}

beforeEach(() => {
  resetApiClientState();
  configureApiClient({ sleep: async () => {}, isOnline: () => true });
  // happy-dom does no layout: the market table's scroller gets the height its CSS gives it.
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(640);
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
  install();
});
afterEach(() => {
  // Sonner keeps toasts in module state: never let one test's toasts reach the next.
  toast.dismiss();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function open(path = '/terminal') {
  return renderPage(<TerminalPage />, { pattern: '/terminal', path });
}

const market = () => screen.getByRole('region', { name: 'Market' });
const tableNames = () =>
  [...market().querySelectorAll('tbody tr[aria-rowindex]')].map(
    (tr) => tr.querySelector('td:nth-child(3) .font-medium')?.textContent,
  );
const listCalls = () => keys().filter((k) => k.startsWith('GET /api/v2/cryptocurrencies/?'));
/** Holds the market list's answers whose path `matches` until the returned function is called. */
function holdListAnswers(matches: (path: string) => boolean = () => true): () => void {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  const answer = routes['GET /api/v2/cryptocurrencies/'];
  if (!answer) throw new Error('no list route');
  routes['GET /api/v2/cryptocurrencies/'] = async (call) => {
    if (matches(call.path)) await held;
    return answer(call);
  };
  return release;
}
const panel = (title: string) => {
  const heading = screen.getByRole('heading', { name: title });
  const section = heading.closest('section');
  if (!section) throw new Error(`no panel ${title}`);
  return section;
};

describe('terminal market table', () => {
  it('loads the market with sparklines and says it is offline data as of the snapshot date', async () => {
    open();
    await screen.findByRole('table');
    expect(tableNames()).toEqual(['Bitcoin', 'Ethereum', 'Tether', 'Solana', 'Dogecoin']);
    await waitFor(() => expect(listCalls()).toHaveLength(2), slow);
    expect(listCalls()).toEqual([
      'GET /api/v2/cryptocurrencies/?vs_currency=usd&page=1&per_page=25&order=market_cap_desc',
      'GET /api/v2/cryptocurrencies/?vs_currency=usd&page=1&per_page=250&order=market_cap_desc&sparkline=true',
    ]);
    await waitFor(
      () => expect(within(market()).getAllByRole('img', { name: /7-day trend$/ })).toHaveLength(5),
      slow,
    );
    const label = screen.getByText('Demo data: prices simulated from a snapshot of Nov 20, 2026');
    expect(label.getAttribute('role')).toBe('status');
    expect(within(market()).getByText('5 coins')).toBeTruthy();
  });

  it("says where the figures come from before the list answers: the server's market status", async () => {
    install(
      fakeMarketState({
        status: {
          source: 'coingecko',
          mode: 'live',
          as_of: '2026-11-20T14:05:00.000Z',
          stale: false,
          age_seconds: 30,
        },
      }),
    );
    const releaseList = holdListAnswers();
    open();
    const badge = await screen.findByText(/^Live — CoinGecko, updated /, {}, slow);
    expect(badge.getAttribute('role')).toBe('status');
    expect(tableNames()).toEqual([]);
    // The list's own source takes over once it answers (the fake's list is the demo snapshot).
    releaseList();
    await screen.findByText('Demo data: prices simulated from a snapshot of Nov 20, 2026', {}, slow);
  });

  it('asks for the full page only once the first screen has answered', async () => {
    const releaseFirst = holdListAnswers((path) => path.includes('per_page=25&'));
    open();
    // Asked beside it, the full page would go in the same tick as the first screen.
    await waitFor(() => expect(listCalls()).toHaveLength(1), slow);
    // The page has drawn (its source badge, from the market status); the full page still waits.
    await screen.findByText(/^Demo data: prices simulated/, {}, slow);
    expect(listCalls()).toEqual([
      'GET /api/v2/cryptocurrencies/?vs_currency=usd&page=1&per_page=25&order=market_cap_desc',
    ]);
    releaseFirst();
    await waitFor(() => expect(listCalls()).toHaveLength(2), slow);
    expect(listCalls()[1]).toContain('per_page=250');
    await waitFor(
      () => expect(within(market()).getAllByRole('img', { name: /7-day trend$/ })).toHaveLength(5),
      slow,
    );
  });

  it('paints the first screen of rows before the full page, and the sparklines follow with it', async () => {
    install(fakeMarketState({ coins: Array.from({ length: 300 }, (_, i) => marketCoin(i + 1)) }));
    const releaseFull = holdListAnswers((path) => path.includes('per_page=250'));
    open();
    // The first 25 rows of page 1, in the same order, with the page count of the full list.
    await waitFor(() => expect(tableNames()[0]).toBe('Coin 1'), slow);
    expect(screen.getByText('Cryptocurrency market, 25 coins')).toBeTruthy();
    expect(within(market()).getByText('300 coins')).toBeTruthy();
    expect(within(market()).getByText('updating… ·').getAttribute('aria-hidden')).toBeNull();
    expect(
      within(screen.getByRole('navigation', { name: 'Market pages' })).getByText('Page 1 of 2'),
    ).toBeTruthy();
    // Sparklines are on their way: blank cells, not "unknown".
    expect(within(market()).queryAllByRole('img', { name: /7-day trend$/ })).toHaveLength(0);
    expect(within(market()).queryByText('–')).toBeNull();

    releaseFull();
    await waitFor(() => expect(screen.getByText('Cryptocurrency market, 250 coins')).toBeTruthy(), slow);
    expect(within(market()).getAllByRole('img', { name: /7-day trend$/ }).length).toBeGreaterThan(0);
    expect(within(market()).getByText('300 coins')).toBeTruthy();
    expect(within(market()).getByText('updating… ·').getAttribute('aria-hidden')).toBe('true');
    // Later pages keep the rows shown until theirs arrive: no first-screen request for them.
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(tableNames()[0]).toBe('Coin 251'), slow);
    expect(listCalls().filter((k) => k.includes('per_page=25&'))).toEqual([
      'GET /api/v2/cryptocurrencies/?vs_currency=usd&page=1&per_page=25&order=market_cap_desc',
    ]);
  });

  it('labels live data with its time, and stale live data as stale', async () => {
    const live = {
      source: 'coingecko' as const,
      mode: 'live' as const,
      as_of: '2026-11-20T14:05:00.000Z',
      stale: true,
    };
    routes['GET /api/v2/cryptocurrencies/'] = () =>
      json({ results: state.coins, count: 5, next: null, previous: null, vs_currency: 'usd', source: live });
    open();
    const label = await screen.findByText(/^Stale — CoinGecko/, {}, slow);
    expect(label.getAttribute('role')).toBe('status');
    // Relative time, never ISO text; the exact moment is in the hover title.
    expect(label.textContent).toMatch(/^Stale — CoinGecko, as of (\d+[mhd] ago|\d\d\/\d\d)$/);
    expect(label.getAttribute('title')).toMatch(/^Fetched from CoinGecko at /);
  });

  it('filters by category and excludes stablecoins, asking the server each time', async () => {
    open();
    await screen.findByRole('table');
    await userEvent.selectOptions(within(market()).getByRole('combobox', { name: 'Category' }), 'meme-token');
    await waitFor(() => expect(tableNames()).toEqual(['Dogecoin']), slow);
    expect(listCalls().at(-1)).toContain('category=meme-token');

    await userEvent.selectOptions(within(market()).getByRole('combobox', { name: 'Category' }), '');
    await userEvent.click(within(market()).getByRole('checkbox', { name: 'Exclude stablecoins' }));
    await waitFor(() => expect(tableNames()).toEqual(['Bitcoin', 'Ethereum', 'Solana', 'Dogecoin']), slow);
    expect(listCalls().at(-1)).toContain('exclude_stablecoins=true');
    expect(listCalls().at(-1)).not.toContain('category=');
    expect(within(market()).getByText('4 coins')).toBeTruthy();

    await userEvent.selectOptions(
      within(market()).getByRole('combobox', { name: 'Category' }),
      'stablecoins',
    );
    expect(await within(market()).findByText('No coins match these filters.', {}, slow)).toBeTruthy();
  });

  it('sorts through the server order and shows the rows in that order', async () => {
    open();
    await screen.findByRole('table');
    await userEvent.click(within(market()).getByRole('button', { name: /^Price/ }));
    await waitFor(() => expect(listCalls().at(-1)).toContain('order=price_desc'), slow);
    await waitFor(
      () => expect(tableNames()).toEqual(['Bitcoin', 'Ethereum', 'Solana', 'Tether', 'Dogecoin']),
      slow,
    );
    await userEvent.click(within(market()).getByRole('button', { name: /^24h/ }));
    await waitFor(
      () => expect(tableNames()).toEqual(['Solana', 'Ethereum', 'Tether', 'Bitcoin', 'Dogecoin']),
      slow,
    );
    expect(listCalls().at(-1)).toContain('order=change_24h_desc');
  });

  it('pages 250 coins at a time, and a filter change goes back to page 1', async () => {
    install(fakeMarketState({ coins: Array.from({ length: 600 }, (_, i) => marketCoin(i + 1)) }));
    open();
    await screen.findByRole('table');
    // The full page has arrived (the first screen of rows shows before it, with "updating…").
    await screen.findByText('Cryptocurrency market, 250 coins', {}, slow);
    expect(within(market()).getByText('600 coins')).toBeTruthy();
    const pages = screen.getByRole('navigation', { name: 'Market pages' });
    expect(within(pages).getByText('Page 1 of 3')).toBeTruthy();
    expect(within(pages).getByRole('button', { name: 'Previous' })).toHaveProperty('disabled', true);

    await userEvent.click(within(pages).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(tableNames()[0]).toBe('Coin 251'), slow);
    expect(listCalls().at(-1)).toContain('page=2&per_page=250');
    expect(within(pages).getByText('Page 2 of 3')).toBeTruthy();
    // Only the rows in view are rendered, even on a full page.
    expect(tableNames().length).toBeLessThan(40);

    await userEvent.click(within(pages).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(tableNames()[0]).toBe('Coin 501'), slow);
    expect(within(pages).getByRole('button', { name: 'Next' })).toHaveProperty('disabled', true);

    await userEvent.click(within(market()).getByRole('checkbox', { name: 'Exclude stablecoins' }));
    await waitFor(() => expect(listCalls().at(-1)).toContain('page=1&'), slow);
    await waitFor(() => expect(tableNames()[0]).toBe('Coin 1'), slow);
  });

  it('starts a new page or order at the top of the table', async () => {
    install(fakeMarketState({ coins: Array.from({ length: 600 }, (_, i) => marketCoin(i + 1)) }));
    open();
    await screen.findByRole('table');
    const scroller = screen.getByTestId('market-table-scroller');
    scroller.scrollTop = 52 * 240;
    scroller.dispatchEvent(new Event('scroll'));
    await waitFor(() => expect(tableNames()).toContain('Coin 245'), slow);
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(tableNames()[0]).toBe('Coin 251'), slow);
    expect(screen.getByTestId('market-table-scroller').scrollTop).toBe(0);
  });
});

describe('terminal coin selection', () => {
  it('selecting a coin puts ?coin=<id> in the URL and shows its price and chart', async () => {
    const { router } = open();
    await screen.findByRole('table');
    await userEvent.click(within(market()).getByRole('button', { name: /^Ethereum/ }));
    await waitFor(() => expect(router.state.location.search).toBe('?coin=ethereum'), slow);
    const section = await screen.findByRole('region', { name: 'Ethereum chart' });
    expect(within(section).getByRole('heading', { level: 2 }).textContent).toBe('Ethereum eth');
    expect(within(section).getByText('$3,456.79')).toBeTruthy();
    const chart = await within(section).findByRole('img', { name: 'Ethereum price chart, 1D' }, slow);
    expect(chart.textContent).toBe('$100.00 → $123.00');
    expect(keys()).toContain('GET /api/v2/cryptocurrencies/ethereum/chart/?vs_currency=usd&timeframe=1D');
    expect(within(section).getByRole('link', { name: 'Details' }).getAttribute('href')).toBe(
      '/cryptocurrencies/ethereum',
    );
  });

  it('/terminal?coin=<id> opens on that coin, with every timeframe and OHLC', async () => {
    open('/terminal?coin=solana');
    const section = await screen.findByRole('region', { name: 'Solana chart' }, slow);
    const timeframes = within(section).getByRole('group', { name: 'Timeframe' });
    expect(
      within(timeframes)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['1D', '1W', '1M', '3M', '1Y', 'ALL']);
    expect(within(timeframes).getByRole('button', { name: '1D' }).getAttribute('aria-pressed')).toBe('true');
    await userEvent.click(within(timeframes).getByRole('button', { name: '3M' }));
    await within(section).findByRole('img', { name: 'Solana price chart, 3M' }, slow);
    expect(keys()).toContain('GET /api/v2/cryptocurrencies/solana/chart/?vs_currency=usd&timeframe=3M');
    await userEvent.click(within(section).getByRole('button', { name: 'OHLC' }));
    const candles = await within(section).findByRole('img', { name: 'Solana OHLC chart, 3M' }, slow);
    expect(candles.getAttribute('data-count')).toBe('2');
    expect(keys()).toContain('GET /api/v2/terminal/ohlc/solana/?vs_currency=usd&days=90');
  });

  it('opens on a coin that is not on the current page through its details', async () => {
    const deep = marketCoin(400, {
      id: 'deep-coin',
      name: 'Deep Coin',
      symbol: 'deep',
      current_price: 0.1234,
    });
    const s = fakeMarketState();
    s.details.set('deep-coin', coinDetails(deep));
    install(s);
    open('/terminal?coin=deep-coin');
    const section = await screen.findByRole('region', { name: 'Deep Coin chart' }, slow);
    expect(within(section).getByText('$0.123')).toBeTruthy();
    expect(keys()).toContain('GET /api/v2/cryptocurrencies/details/deep-coin/?vs_currency=usd');
  });

  it('says so when ?coin= names no known coin', async () => {
    routes['GET /api/v2/cryptocurrencies/details/nope/'] = () =>
      envelope(404, 'coin_not_found', 'not_found', marketMessages.coinNotFound);
    open('/terminal?coin=nope');
    expect(await screen.findByText('Coin not found', {}, slow)).toBeTruthy();
    expect(screen.getByText('No coin with the id “nope” is known.')).toBeTruthy();
  });

  it('treats an empty ?coin= as no selection', async () => {
    open('/terminal?coin=');
    await screen.findByRole('table');
    expect(screen.queryByText('Coin not found')).toBeNull();
    expect(keys().some((k) => k.includes('/details/'))).toBe(false);
  });

  it('picking a search result selects the coin', async () => {
    const { router } = open();
    await screen.findByRole('table');
    await userEvent.type(screen.getByRole('combobox', { name: 'Search coins' }), 'doge');
    await userEvent.click(await screen.findByRole('option', { name: /Dogecoin/ }, slow));
    await waitFor(() => expect(router.state.location.search).toBe('?coin=dogecoin'), slow);
    expect(await screen.findByRole('region', { name: 'Dogecoin chart' }, slow)).toBeTruthy();
  });
});

describe('favourites', () => {
  it('stars a coin on the server, un-stars it, and filters to favourites', async () => {
    const patches: RecordedCall[] = [];
    const patch = routes['PATCH /api/v2/settings/'];
    routes['PATCH /api/v2/settings/'] = (call) => {
      patches.push(call);
      return patch ? patch(call) : json({});
    };
    open('/terminal?coin=solana');
    await screen.findByRole('table');
    const tableStar = () => within(market()).getByRole('button', { name: 'Favourite Solana' });
    expect(tableStar().getAttribute('aria-pressed')).toBe('false');
    await userEvent.click(tableStar());
    await waitFor(() => expect(tableStar().getAttribute('aria-pressed')).toBe('true'), slow);
    expect(JSON.parse(patches[0]?.body ?? '')).toEqual({ favorites: ['solana'] });
    // The selected coin's star follows the same setting.
    const section = screen.getByRole('region', { name: 'Solana chart' });
    expect(
      within(section).getByRole('button', { name: 'Favourite Solana' }).getAttribute('aria-pressed'),
    ).toBe('true');

    await userEvent.click(within(market()).getByRole('button', { name: 'Favourite Bitcoin' }));
    await waitFor(() => expect(state.settings.favorites).toEqual(['solana', 'bitcoin']), slow);

    await userEvent.click(within(market()).getByRole('checkbox', { name: 'Favourites only' }));
    expect(tableNames()).toEqual(['Bitcoin', 'Solana']);

    await userEvent.click(within(section).getByRole('button', { name: 'Favourite Solana' }));
    await waitFor(() => expect(state.settings.favorites).toEqual(['bitcoin']), slow);
    await waitFor(() => expect(tableNames()).toEqual(['Bitcoin']), slow);
  });

  it('puts the previous stars back when the server refuses the change', async () => {
    routes['PATCH /api/v2/settings/'] = () =>
      envelope(400, 'validation_error', 'validation', 'Please check your input and try again', {
        fields: { favorites: ['Too many'] },
      });
    open();
    await screen.findByRole('table');
    const star = () => within(market()).getByRole('button', { name: 'Favourite Bitcoin' });
    await userEvent.click(star());
    await waitFor(() => expect(star().getAttribute('aria-pressed')).toBe('false'), slow);
    expect(await screen.findByText('Please check your input and try again', {}, slow)).toBeTruthy();
  });

  it('lists a favourite that is not on the loaded page, in the chosen order, without paging', async () => {
    const s = fakeMarketState({ coins: marketCoins(260) });
    s.settings.favorites = ['coin-258', 'bitcoin'];
    install(s);
    open();
    await screen.findByRole('table');
    expect(tableNames()).not.toContain('Coin 258');
    await userEvent.click(within(market()).getByRole('checkbox', { name: 'Favourites only' }));
    await waitFor(() => expect(tableNames()).toEqual(['Bitcoin', 'Coin 258']), slow);
    expect(within(market()).queryByRole('navigation', { name: 'Market pages' })).toBeNull();
    const priceHeader = () => within(market()).getByRole('columnheader', { name: /^Price/ });
    await userEvent.click(within(priceHeader()).getByRole('button'));
    await userEvent.click(within(priceHeader()).getByRole('button'));
    await waitFor(() => expect(tableNames()).toEqual(['Coin 258', 'Bitcoin']), slow);
  });

  it('shows an empty favourites filter plainly', async () => {
    open();
    await screen.findByRole('table');
    await userEvent.click(within(market()).getByRole('checkbox', { name: 'Favourites only' }));
    expect(within(market()).getByText('No favourites here yet: star a coin to add it.')).toBeTruthy();
  });
});

describe('base currency (currency decimals)', () => {
  it('asks for every figure in the base currency and formats them in it', async () => {
    const s = fakeMarketState();
    s.settings.base_currency = 'eur';
    install(s);
    open('/terminal?coin=bitcoin');
    await screen.findByRole('table');
    await waitFor(() => expect(listCalls().at(-1)).toContain('vs_currency=eur'), slow);
    await waitFor(() => expect(within(market()).getByText('€97,123.46')).toBeTruthy(), slow);
    expect(within(market()).getByText('€0.004567')).toBeTruthy();
    expect(within(market()).getByText('€1,923,456,789,012')).toBeTruthy();
    const global = await screen.findByRole('region', { name: 'Global market' }, slow);
    await waitFor(() => expect(within(global).getByText('€3,456,789,012,345')).toBeTruthy(), slow);
    // Nothing on the page is left in dollars.
    await waitFor(() => expect(document.body.textContent).not.toContain('$'), slow);
    for (const route of [
      'cryptocurrencies/?',
      'global_data/',
      'trending/',
      'top_performing/',
      'market-breadth/',
      'bitcoin/chart/',
    ]) {
      expect(
        keys()
          .filter((k) => k.includes(route))
          .at(-1),
      ).toContain('vs_currency=eur');
    }
  });

  it.each([
    ['usd', ['$1,234,568', '$97,123.46', '$0.036', '$0.004567']],
    ['eur', ['€1,234,568', '€97,123.46', '€0.036', '€0.004567']],
    ['gbp', ['£1,234,568', '£97,123.46', '£0.036', '£0.004567']],
    ['jpy', ['¥1,234,568', '¥97,123.46', '¥0.036', '¥0.004567']],
    ['btc', ['₿1,234,568', '₿97,123.46', '₿0.036', '₿0.004567']],
    ['eth', ['Ξ1,234,568', 'Ξ97,123.46', 'Ξ0.036', 'Ξ0.004567']],
  ] as const)(
    'prices in %s: 0 decimals from 1M, 2 from 1, 3 from 0.01, 4 significant below',
    async (code, expected) => {
      const s = fakeMarketState({
        coins: [1_234_567.891, 97_123.456, 0.0356, 0.004567].map((price, i) =>
          marketCoin(i + 1, { current_price: price }),
        ),
      });
      s.settings.base_currency = code;
      install(s);
      open();
      await waitFor(() => expect(listCalls().at(-1)).toContain(`vs_currency=${code}`), slow);
      await waitFor(
        () =>
          expect(
            [...market().querySelectorAll('tbody tr[aria-rowindex] td:nth-child(4)')].map(
              (td) => td.textContent,
            ),
          ).toEqual(expected),
        slow,
      );
    },
  );

  it('shows btc prices with the crypto unit and small-value decimals', async () => {
    const s = fakeMarketState({
      coins: [
        marketCoin(1, { id: 'bitcoin', name: 'Bitcoin', symbol: 'btc', current_price: 1 }),
        marketCoin(2, { id: 'ethereum', name: 'Ethereum', symbol: 'eth', current_price: 0.0356 }),
        marketCoin(3, { id: 'shiba', name: 'Shiba', symbol: 'shib', current_price: 0.000000000123 }),
      ],
    });
    s.settings.base_currency = 'btc';
    install(s);
    open();
    await waitFor(() => expect(within(market()).getByText('₿1.00')).toBeTruthy(), slow);
    expect(within(market()).getByText('₿0.036')).toBeTruthy();
    expect(within(market()).getByText('₿0.0000000001')).toBeTruthy();
  });
});

describe('refresh toasts', () => {
  it('says it is refreshing, then that it refreshed', async () => {
    open();
    await screen.findByRole('table');
    // Hold the refreshed list until the "refreshing" state has been seen.
    const release = holdListAnswers();
    await userEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(await screen.findByText(marketMessages.refreshing, {}, slow)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Refresh' })).toHaveProperty('disabled', true);
    release();
    expect(await screen.findByText(marketMessages.refreshed, {}, slow)).toBeTruthy();
    expect(screen.queryByText(marketMessages.refreshing)).toBeNull();
    expect(screen.getByRole('button', { name: 'Refresh' })).toHaveProperty('disabled', false);
  });

  it('says the refresh failed when the server cannot answer', async () => {
    open();
    await screen.findByRole('table');
    routes['GET /api/v2/cryptocurrencies/'] = () =>
      envelope(503, 'market_unavailable', 'external', marketMessages.marketUnavailable);
    await userEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(await screen.findByText(marketMessages.refreshFailed, {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.queryByText(marketMessages.refreshing)).toBeNull();
    expect(screen.queryByText(marketMessages.refreshed)).toBeNull();
    // The last good market stays on screen.
    expect(tableNames()).toContain('Bitcoin');
  });
});

describe('market overview', () => {
  it('shows global figures', async () => {
    open();
    const global = await screen.findByRole('region', { name: 'Global market' }, slow);
    const pairs = [...global.querySelectorAll('dt')].map((dt) => [
      dt.textContent,
      [...(dt.parentElement?.querySelectorAll('dd') ?? [])].map((dd) => dd.textContent),
    ]);
    expect(pairs).toEqual([
      ['Total market cap', ['$3,456,789,012,345', '-1.23%']],
      ['24h volume', ['$123,456,789,012']],
      ['Dominance', ['BTC 56.8%', 'ETH 12.3%']],
      ['Active coins', ['17,345']],
    ]);
  });

  it('shows breadth: advancers, decliners and the defined share above the moving average', async () => {
    open();
    const breadthPanel = await waitFor(() => panel('Market breadth'), slow);
    await within(breadthPanel).findByText('150 advancing', {}, slow);
    expect(within(breadthPanel).getByText('80 declining')).toBeTruthy();
    expect(
      within(breadthPanel).getByText('Over 24 hours, among the 240 tracked coins excluding stablecoins.'),
    ).toBeTruthy();
    expect(within(breadthPanel).getByText('Above 7-day average')).toBeTruthy();
    expect(within(breadthPanel).getByText('61.50%')).toBeTruthy();
    expect(within(breadthPanel).getByText(breadth().above_ma.definition)).toBeTruthy();
    // The bar is split in proportion: 150 / 10 / 80 of 240.
    const bar = [...breadthPanel.querySelectorAll('[aria-hidden="true"] > span')].map(
      (s) => (s as HTMLElement).style.width,
    );
    expect(bar).toEqual(['62.5%', `${(10 / 240) * 100}%`, `${(80 / 240) * 100}%`]);
    expect(keys()).toContain('GET /api/v2/terminal/market-breadth/?vs_currency=usd&ma_days=7');
  });

  it('shows a dash when no coin has enough history for the average', async () => {
    routes['GET /api/v2/terminal/market-breadth/'] = () =>
      json(breadth({ above_ma: { ...breadth().above_ma, eligible: 0, count: 0, share: null } }));
    open();
    await screen.findByText('150 advancing', {}, slow);
    const row = screen.getByText('Above 7-day average').parentElement;
    expect(row?.textContent).toBe('Above 7-day average–');
  });

  it('lists 15 trending coins and 15 top performers, each selectable', async () => {
    const { router } = open();
    const trendingPanel = await waitFor(() => panel('Trending'), slow);
    await within(trendingPanel).findByText('Trend 1', {}, slow);
    const trendRows = within(trendingPanel).getAllByRole('button');
    expect(trendRows).toHaveLength(15);
    expect(trendRows[0]?.textContent).toBe('Trend 1$10.00+20.00%');
    expect(trendRows[14]?.textContent).toBe('Trend 15$24.00+6.00%');
    expect(
      within(trendingPanel).getByText('Offline: ranked by 24h volume change, not search interest.'),
    ).toBeTruthy();

    const top = panel('Top performers (24h)');
    await within(top).findByText('Top 1', {}, slow);
    const topRows = within(top).getAllByRole('button');
    expect(topRows).toHaveLength(15);
    expect(topRows.map((r) => r.querySelector('.text-xs')?.textContent)).toEqual(
      Array.from({ length: 15 }, (_, i) => `+${(50 - i * 2).toFixed(2)}%`),
    );
    expect(keys()).toContain('GET /api/v2/cryptocurrencies/top_performing/?vs_currency=usd&limit=15');

    await userEvent.click(trendRows[2] as HTMLElement);
    await waitFor(() => expect(router.state.location.search).toBe('?coin=trend-3'), slow);
  });
});

describe('watchlists', () => {
  it('creates, adds the selected coin, renames, removes the coin and deletes the list', async () => {
    open('/terminal?coin=bitcoin');
    await screen.findByRole('region', { name: 'Bitcoin chart' }, slow);
    const lists = panel('Watchlists');
    expect(
      await within(lists).findByText('No watchlist yet. Create one to follow a set of coins.'),
    ).toBeTruthy();

    await userEvent.type(within(lists).getByRole('textbox', { name: 'New watchlist name' }), '  Majors ');
    await userEvent.click(within(lists).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(state.watchlists.map((l) => l.name)).toEqual(['Majors']), slow);
    const picker = await within(lists).findByRole('combobox', { name: 'Watchlist' }, slow);
    expect((picker as HTMLSelectElement).selectedOptions[0]?.textContent).toBe('Majors (0)');
    expect(
      (within(lists).getByRole('textbox', { name: 'New watchlist name' }) as HTMLInputElement).value,
    ).toBe('');

    await userEvent.click(within(lists).getByRole('button', { name: 'Add Bitcoin to Majors' }));
    const coins = await within(lists).findByRole('list', { name: 'Coins in Majors' }, slow);
    expect(
      within(coins)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Bitcoin$97,123.46-1.50%×']);
    expect(state.watchlists[0]?.items.map((i) => i.coin_id)).toEqual(['bitcoin']);
    const added = within(lists).getByRole('button', { name: 'Bitcoin is in Majors' });
    expect(added).toHaveProperty('disabled', true);

    await userEvent.click(within(lists).getByRole('button', { name: 'Rename' }));
    const rename = within(lists).getByRole('textbox', { name: 'New name for Majors' });
    await userEvent.clear(rename);
    await userEvent.type(rename, 'Blue chips');
    await userEvent.click(within(lists).getByRole('button', { name: 'Save' }));
    await within(lists).findByRole('list', { name: 'Coins in Blue chips' }, slow);
    expect(state.watchlists[0]?.name).toBe('Blue chips');

    await userEvent.click(within(lists).getByRole('button', { name: 'Remove Bitcoin from Blue chips' }));
    expect(
      await within(lists).findByText('This watchlist is empty. Select a coin and add it here.', {}, slow),
    ).toBeTruthy();
    expect(state.watchlists[0]?.items).toEqual([]);

    await userEvent.click(within(lists).getByRole('button', { name: 'Delete' }));
    const ask = await screen.findByRole('alertdialog', { name: 'Delete the watchlist "Blue chips"?' }, slow);
    await userEvent.click(within(ask).getByRole('button', { name: 'Delete watchlist' }));
    expect(
      await within(lists).findByText('No watchlist yet. Create one to follow a set of coins.', {}, slow),
    ).toBeTruthy();
    expect(state.watchlists).toEqual([]);
  });

  it('keeps a list when the delete is not confirmed, and switches between lists', async () => {
    const item = (id: string, coin: string) => ({
      id,
      watchlist_id: 'w1',
      coin_id: coin,
      created_at: '2026-11-20T00:00:00.000Z',
    });
    install(
      fakeMarketState({
        watchlists: [
          {
            id: 'w1',
            name: 'Layer 1',
            created_at: '2026-11-20T00:00:00.000Z',
            updated_at: '2026-11-20T00:00:00.000Z',
            items: [item('i1', 'ethereum'), item('i2', 'solana')],
          },
          {
            id: 'w2',
            name: 'Memes',
            created_at: '2026-11-20T00:00:00.000Z',
            updated_at: '2026-11-20T00:00:00.000Z',
            items: [{ ...item('i3', 'dogecoin'), watchlist_id: 'w2' }],
          },
        ],
      }),
    );
    const { router } = open();
    const lists = await waitFor(() => panel('Watchlists'), slow);
    const l1 = await within(lists).findByRole('list', { name: 'Coins in Layer 1' }, slow);
    await waitFor(
      () =>
        expect(
          within(l1)
            .getAllByRole('listitem')
            .map((li) => li.textContent),
        ).toEqual(['Ethereum$3,456.79+2.75%×', 'Solana$187.65+6.20%×']),
      slow,
    );
    await userEvent.click(within(lists).getByRole('button', { name: 'Delete' }));
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(state.watchlists).toHaveLength(2);

    await userEvent.selectOptions(within(lists).getByRole('combobox', { name: 'Watchlist' }), 'w2');
    const memes = within(lists).getByRole('list', { name: 'Coins in Memes' });
    await userEvent.click(within(memes).getByRole('button', { name: /^Dogecoin/ }));
    await waitFor(() => expect(router.state.location.search).toBe('?coin=dogecoin'), slow);
  });

  it('a rename started on one list never renames another', async () => {
    const list = (id: string, name: string) => ({
      id,
      name,
      created_at: '2026-11-20T00:00:00.000Z',
      updated_at: '2026-11-20T00:00:00.000Z',
      items: [],
    });
    install(fakeMarketState({ watchlists: [list('w1', 'Alpha'), list('w2', 'Beta')] }));
    open();
    const lists = await waitFor(() => panel('Watchlists'), slow);
    await within(lists).findByRole('combobox', { name: 'Watchlist' }, slow);
    await userEvent.click(within(lists).getByRole('button', { name: 'Rename' }));
    expect(within(lists).getByRole('textbox', { name: 'New name for Alpha' })).toBeTruthy();
    await userEvent.selectOptions(within(lists).getByRole('combobox', { name: 'Watchlist' }), 'w2');
    expect(within(lists).queryByRole('textbox', { name: /New name for/ })).toBeNull();
    expect(state.watchlists.map((l) => l.name)).toEqual(['Alpha', 'Beta']);
  });

  it('prices watch-listed coins even when the table is filtered to other coins', async () => {
    install(
      fakeMarketState({
        watchlists: [
          {
            id: 'w1',
            name: 'Majors',
            created_at: '2026-11-20T00:00:00.000Z',
            updated_at: '2026-11-20T00:00:00.000Z',
            items: [
              { id: 'i1', watchlist_id: 'w1', coin_id: 'bitcoin', created_at: '2026-11-20T00:00:00.000Z' },
            ],
          },
        ],
      }),
    );
    routes['GET /api/v2/terminal/user-coins/'] = () =>
      json({
        results: [{ ...marketCoins(1)[0], is_favorite: false, watchlist_ids: ['w1'] }],
        vs_currency: 'usd',
        source: snapshotSource,
      });
    open();
    await screen.findByRole('table');
    await userEvent.selectOptions(within(market()).getByRole('combobox', { name: 'Category' }), 'meme-token');
    await waitFor(() => expect(tableNames()).toEqual(['Dogecoin']), slow);
    const coins = within(panel('Watchlists')).getByRole('list', { name: 'Coins in Majors' });
    await waitFor(
      () =>
        expect(
          within(coins)
            .getAllByRole('listitem')
            .map((li) => li.textContent),
        ).toEqual(['Bitcoin$97,123.46-1.50%×']),
      slow,
    );
  });
});
