import { marketMessages } from '@app/contracts';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApiClient, resetApiClientState } from '@/lib/api/client';
import { envelope, installFakeFetch, json } from '@/test/fake-fetch';
import {
  coinDetails,
  type FakeMarketState,
  fakeMarketRoutes,
  fakeMarketState,
  marketCoins,
} from '@/test/fake-market';
import { renderPage } from '@/test/render-page';
import { screen, waitFor, within } from '@/test/testing-library';
import { CoinDetailPage } from './coin-detail-page';

vi.mock('@/components/ui/price-chart-canvas', async () => {
  const { PriceChartCanvasStandIn } = await import('@/test/chart-stand-in');
  return { PriceChartCanvas: PriceChartCanvasStandIn };
});

// A shared machine runs many suites at once; the waits below are for state, not speed.
vi.setConfig({ testTimeout: 30_000 });
const slow = { timeout: 5_000 };

let state: FakeMarketState;
let routes: ReturnType<typeof fakeMarketRoutes>;
let keys: () => string[];

function install(s: FakeMarketState) {
  state = s;
  routes = fakeMarketRoutes(state);
  keys = installFakeFetch(routes).keys;
}

beforeEach(() => {
  resetApiClientState();
  configureApiClient({ sleep: async () => {}, isOnline: () => true });
  install(fakeMarketState());
});
afterEach(() => {
  toast.dismiss();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function open(id: string) {
  return renderPage(<CoinDetailPage />, {
    pattern: '/cryptocurrencies/:id',
    path: `/cryptocurrencies/${id}`,
  });
}

/** "label → value" for every row of a panel's definition list. */
function rows(panelName: string): Record<string, string> {
  const panel = screen.getByRole('region', { name: panelName });
  return Object.fromEntries(
    [...panel.querySelectorAll('dt')].map((dt) => [dt.textContent, dt.nextElementSibling?.textContent ?? '']),
  );
}

describe('/cryptocurrencies/{id}', () => {
  it('shows the coin: name, price, 1h/24h/7d changes and the offline label', async () => {
    open('bitcoin');
    const heading = await screen.findByRole('heading', { level: 1 }, slow);
    expect(heading.textContent).toBe('Bitcoin btc');
    const headline = heading.parentElement;
    if (!headline) throw new Error('no headline');
    expect(headline.querySelector('[data-private]')?.textContent).toBe('$97,123.46');
    expect(headline.textContent).toContain('1h +0.25%');
    expect(headline.textContent).toContain('24h -1.50%');
    expect(headline.textContent).toContain('7d +4.32%');
    const label = screen.getByText(/^Demo data/);
    expect(label.getAttribute('role')).toBe('status');
    expect(label.textContent).toBe('Demo data: prices simulated from a snapshot of Nov 20, 2026');
    expect(keys()).toContain('GET /api/v2/cryptocurrencies/details/bitcoin/?vs_currency=usd');
    // Back to the terminal, opened on this coin.
    expect(screen.getByRole('link', { name: '← Terminal' }).getAttribute('href')).toBe(
      '/terminal?coin=bitcoin',
    );
  });

  it('shows market cap, volume, the 24h range, the all-time high with its date, and supply', async () => {
    const s = fakeMarketState();
    const bitcoin = s.details.get('bitcoin');
    if (!bitcoin) throw new Error('no bitcoin');
    s.details.set('bitcoin', {
      ...bitcoin,
      high_24h: 98_000,
      low_24h: 95_500.5,
      ath: 108_786,
      ath_date: '2025-01-20T09:11:54.494Z',
      ath_change_percentage: -10.72,
      circulating_supply: 19_800_000.12,
      total_supply: 19_800_000.12,
      max_supply: 21_000_000,
    });
    install(s);
    open('bitcoin');
    await screen.findByRole('heading', { level: 1 }, slow);
    expect(rows('Market')).toEqual({
      'Market cap': '$1,923,456,789,012',
      Rank: '1',
      '24h volume': '$45,678,901,234',
      '24h high / low': '$98,000.00 / $95,500.50',
      'All-time high': '$108,786.00 on Jan 20, 2025',
      'From all-time high': '-10.72%',
    });
    expect(rows('Supply')).toEqual({ Circulating: '19.8M', Total: '19.8M', Maximum: '21M' });
  });

  it('says "No cap" for an uncapped supply and a dash for an unknown one', async () => {
    const s = fakeMarketState();
    const eth = s.details.get('ethereum');
    if (!eth) throw new Error('no ethereum');
    s.details.set('ethereum', { ...eth, max_supply: null, total_supply: null, ath_date: null });
    install(s);
    open('ethereum');
    await screen.findByRole('heading', { level: 1 }, slow);
    expect(rows('Supply')).toEqual({ Circulating: '1M', Total: '–', Maximum: 'No cap' });
    expect(rows('Market')['All-time high']).toBe('$2,000.00 on –');
  });

  it('lists only safe http(s) links, and the social figures the source has', async () => {
    open('bitcoin');
    await screen.findByRole('heading', { level: 1 }, slow);
    const links = within(screen.getByRole('region', { name: 'Links' })).getAllByRole('link');
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Website', 'https://bitcoin.org'],
      ['Explorer', 'https://mempool.space'],
      ['@bitcoin', 'https://x.com/bitcoin'],
      ['Reddit', 'https://www.reddit.com/r/Bitcoin/'],
      ['Source code', 'https://github.com/bitcoin/bitcoin'],
    ]);
    for (const a of links) {
      expect(a.getAttribute('target')).toBe('_blank');
      expect(a.getAttribute('rel')).toBe('noopener noreferrer nofollow');
    }
    expect(rows('Social')).toEqual({
      'X followers': '6.9M',
      'Reddit subscribers': '7.4M',
      'GitHub stars': '73.5K',
      'GitHub forks': '36K',
      'Commits (4 weeks)': '108',
    });
    // Markup in the upstream description is not rendered.
    const about = screen.getByRole('region', { name: 'About Bitcoin' });
    expect(about.textContent).toBe('About BitcoinThe first decentralised cryptocurrency.');
    expect(about.querySelector('b')).toBeNull();
  });

  it('says plainly when there are no links or social figures', async () => {
    const s = fakeMarketState();
    const tether = s.details.get('tether');
    if (!tether) throw new Error('no tether');
    s.details.set(
      'tether',
      coinDetails(marketCoins(3)[2] ?? tether, {
        description: '',
        links: {
          homepage: [],
          blockchain_site: [''],
          twitter_screen_name: null,
          subreddit_url: null,
          repos: [],
        },
        social: {
          twitter_followers: null,
          reddit_subscribers: null,
          reddit_active_accounts_48h: null,
          telegram_channel_user_count: null,
          github_forks: null,
          github_stars: null,
          github_subscribers: null,
          github_total_issues: null,
          github_closed_issues: null,
          github_pull_requests_merged: null,
          github_commit_count_4_weeks: null,
        },
      }),
    );
    install(s);
    open('tether');
    await screen.findByRole('heading', { level: 1 }, slow);
    expect(screen.getByText('No links are known for this coin.')).toBeTruthy();
    expect(screen.getByText('The data source has no social figures for this coin.')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'About Tether' })).toBeNull();
  });

  it('charts the price over 1D, 1W, 1M, 3M, 1Y and ALL, and as OHLC candles', async () => {
    open('bitcoin');
    const chart = await screen.findByRole('region', { name: 'Price chart' }, slow);
    const group = within(chart).getByRole('group', { name: 'Timeframe' });
    expect(
      within(group)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['1D', '1W', '1M', '3M', '1Y', 'ALL']);
    // The chart default is 24h.
    const first = await within(chart).findByRole('img', { name: 'Bitcoin price chart, 1D' }, slow);
    expect(first.textContent).toBe('$100.00 → $123.00');
    for (const tf of ['1W', '1M', '3M', '1Y', 'ALL']) {
      await userEvent.click(within(group).getByRole('button', { name: tf }));
      expect(within(group).getByRole('button', { name: tf }).getAttribute('aria-pressed')).toBe('true');
      await within(chart).findByRole('img', { name: `Bitcoin price chart, ${tf}` }, slow);
      expect(keys()).toContain(`GET /api/v2/cryptocurrencies/bitcoin/chart/?vs_currency=usd&timeframe=${tf}`);
    }
    await userEvent.click(within(chart).getByRole('button', { name: 'OHLC' }));
    const candles = await within(chart).findByRole('img', { name: 'Bitcoin OHLC chart, ALL' }, slow);
    expect(candles.getAttribute('data-kind')).toBe('candles');
    expect(candles.textContent).toBe('$105.00 → $108.00');
    expect(keys()).toContain('GET /api/v2/terminal/ohlc/bitcoin/?vs_currency=usd&days=max');
    await userEvent.click(within(group).getByRole('button', { name: '1W' }));
    await within(chart).findByRole('img', { name: 'Bitcoin OHLC chart, 1W' }, slow);
    expect(keys()).toContain('GET /api/v2/terminal/ohlc/bitcoin/?vs_currency=usd&days=7');
  });

  it('draws stored daily closes as a line and says so, never as flat candles', async () => {
    routes['GET /api/v2/terminal/ohlc/bitcoin/'] = () =>
      json([
        [Date.UTC(2026, 10, 1), 100, 100, 100, 100],
        [Date.UTC(2026, 10, 2), 104, 104, 104, 104],
      ]);
    open('bitcoin');
    const chart = await screen.findByRole('region', { name: 'Price chart' }, slow);
    await userEvent.click(within(chart).getByRole('button', { name: '1Y' }));
    await userEvent.click(within(chart).getByRole('button', { name: 'OHLC' }));
    const line = await within(chart).findByRole('img', { name: 'Bitcoin daily close chart, 1Y' }, slow);
    expect(line.getAttribute('data-kind')).toBe('line');
    expect(line.textContent).toBe('$100.00 → $104.00');
    expect(within(chart).getByRole('note').textContent).toMatch(
      /Only daily closes are stored for this range/,
    );
  });

  it('says on the chart that demo candles are simulated', async () => {
    open('bitcoin');
    const chart = await screen.findByRole('region', { name: 'Price chart' }, slow);
    await userEvent.click(within(chart).getByRole('button', { name: '1W' }));
    await userEvent.click(within(chart).getByRole('button', { name: 'OHLC' }));
    const candles = await within(chart).findByRole('img', { name: 'Bitcoin OHLC chart, 1W' }, slow);
    expect(candles.getAttribute('data-kind')).toBe('candles');
    expect((await within(chart).findByRole('note', {}, slow)).textContent).toMatch(
      /^Demo data: these candles are simulated/,
    );
  });

  it('says when a range has no history yet, and when the chart fails', async () => {
    routes['GET /api/v2/cryptocurrencies/bitcoin/chart/'] = (call) => {
      const tf = new URL(call.path, 'http://x').searchParams.get('timeframe');
      if (tf === '1W') return envelope(404, 'coin_not_found', 'not_found', marketMessages.coinNotFound);
      return new Response(
        JSON.stringify({
          id: 'bitcoin',
          timeframe: tf,
          vs_currency: 'usd',
          prices: [],
          market_caps: [],
          total_volumes: [],
          source: state.details.get('bitcoin')?.source,
        }),
        { status: 200, headers: { 'Content-Type': 'application/json' } },
      );
    };
    open('bitcoin');
    expect(
      await screen.findByText('No price history is available for this range yet.', {}, slow),
    ).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: '1W' }));
    expect(await screen.findByText('The chart could not be loaded.', {}, slow)).toBeTruthy();
  });

  it('stars the coin as a favourite on the server', async () => {
    open('solana');
    const star = await screen.findByRole('button', { name: '☆ Add to favourites' }, slow);
    expect(star.getAttribute('aria-pressed')).toBe('false');
    await userEvent.click(star);
    await waitFor(() => expect(state.settings.favorites).toEqual(['solana']), slow);
    const on = await screen.findByRole('button', { name: '★ Favourite' }, slow);
    expect(on.getAttribute('aria-pressed')).toBe('true');
    await userEvent.click(on);
    await waitFor(() => expect(state.settings.favorites).toEqual([]), slow);
  });

  it('shows every price in the base currency', async () => {
    const s = fakeMarketState();
    s.settings.base_currency = 'gbp';
    install(s);
    open('dogecoin');
    await screen.findByRole('heading', { level: 1 }, slow);
    await waitFor(
      () => expect(keys()).toContain('GET /api/v2/cryptocurrencies/details/dogecoin/?vs_currency=gbp'),
      slow,
    );
    await waitFor(() => expect(rows('Market')['Market cap']).toBe('£25,000,000,000'), slow);
    expect(
      screen.getByRole('heading', { level: 1 }).parentElement?.querySelector('[data-private]')?.textContent,
    ).toBe('£0.004567');
    await waitFor(() => expect(document.body.textContent).not.toContain('$'), slow);
  });

  it('shows a not-found state for an unknown id', async () => {
    routes['GET /api/v2/cryptocurrencies/details/no-such-coin/'] = () =>
      envelope(404, 'coin_not_found', 'not_found', marketMessages.coinNotFound);
    const { router } = open('no-such-coin');
    expect(await screen.findByRole('heading', { name: 'Coin not found' }, slow)).toBeTruthy();
    await userEvent.click(screen.getByRole('link', { name: 'Back to the Terminal' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'), slow);
  });

  it('tells a failure apart from an unknown coin', async () => {
    routes['GET /api/v2/cryptocurrencies/details/bitcoin/'] = () =>
      envelope(500, 'internal_error', 'internal', 'An unexpected error occurred');
    open('bitcoin');
    expect(
      await screen.findByRole('heading', { name: 'The coin could not be loaded' }, { timeout: 10_000 }),
    ).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Coin not found' })).toBeNull();
  });
});
