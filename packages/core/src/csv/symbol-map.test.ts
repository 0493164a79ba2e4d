import type { CsvImportRow } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { parseImportCsv } from './import.ts';
import { applySymbolChoices, resolveCoinId, symbolCandidates, unknownChoices } from './symbol-map.ts';

const template = (lines: string[]) =>
  parseImportCsv(['date,type,coin,quantity,price_per_coin,fee,note,coin_id', ...lines].join('\n'));

const known = new Set(['bitcoin', 'zzq-one', 'zzq-two', 'uniswap']);

describe('resolving import coins', () => {
  it('keeps a known id, fills a missing or unknown one from the choices, else asks', () => {
    expect(resolveCoinId({ symbol: 'BTC', coin_id: 'bitcoin' }, { BTC: 'zzq-one' }, known)).toBe('bitcoin');
    expect(resolveCoinId({ symbol: 'zzq', coin_id: null }, { ZZQ: 'zzq-two' }, known)).toBe('zzq-two');
    expect(resolveCoinId({ symbol: 'MATIC', coin_id: 'gone-coin' }, { MATIC: 'zzq-one' }, known)).toBe(
      'zzq-one',
    );
    expect(resolveCoinId({ symbol: 'ZZQ', coin_id: null }, {}, known)).toBeNull();
    // A choice the market does not know resolves nothing.
    expect(resolveCoinId({ symbol: 'ZZQ' }, { ZZQ: 'no-such-coin' }, known)).toBeNull();
    // Keys come upper-cased from the contract; object internals are never read as choices.
    expect(resolveCoinId({ symbol: 'constructor' }, {}, known)).toBeNull();
  });

  it('groups unresolved rows by symbol, one entry per symbol with every line', () => {
    const parsed = template([
      '2024-01-01,buy,ZZQ,1,1,0,,',
      '2024-01-02,buy,BTC,1,1,0,,',
      '2024-01-03,sell,zzq,1,1,0,,',
      '2024-01-04,buy,QQX,1,1,0,,',
      '2024-01-05,buy,UNI,1,1,0,,gone-coin',
    ]);
    expect(parsed.errors).toEqual([]);
    const first = applySymbolChoices(parsed.rows, {}, known);
    expect(first.unresolved).toEqual([
      { symbol: 'ZZQ', lines: [2, 4] },
      { symbol: 'QQX', lines: [5] },
      { symbol: 'UNI', lines: [6] },
    ]);
    expect(first.rows.map((r) => r.coin_id)).toEqual([null, 'bitcoin', null, null, null]);

    const chosen = applySymbolChoices(parsed.rows, { ZZQ: 'zzq-two', UNI: 'uniswap' }, known);
    expect(chosen.unresolved).toEqual([{ symbol: 'QQX', lines: [5] }]);
    expect(chosen.rows.map((r) => r.coin_id)).toEqual(['zzq-two', 'bitcoin', 'zzq-two', null, 'uniswap']);
    // The parse itself is untouched: the same rows can be resolved again with other choices.
    expect(parsed.rows[0]?.coin_id).toBeNull();
  });

  it('lists a multi-leg line once for its symbol', () => {
    const row = (symbol: string): CsvImportRow => ({
      line: 7,
      symbol,
      coin_id: null,
      price_currency: null,
      transaction: {
        type: 'buy',
        quantity: '1',
        price_per_coin: '0',
        fee: '0',
        date: '2024-01-01T00:00:00Z',
        note: '',
      },
      duplicate_key: '',
      warnings: [],
    });
    expect(applySymbolChoices([row('ZZQ'), row('ZZQ')], {}, known).unresolved).toEqual([
      { symbol: 'ZZQ', lines: [7] },
    ]);
  });

  it('names the choices the market does not know', () => {
    expect(unknownChoices({ ZZQ: 'zzq-one', QQX: 'nope' }, known)).toEqual([['QQX', 'nope']]);
  });
});

describe('candidate coins for a symbol', () => {
  const coins = [
    { id: 'uni-meme', symbol: 'uni', name: 'Uni Meme', market_cap_rank: null },
    { id: 'uniswap', symbol: 'UNI', name: 'Uniswap', market_cap_rank: 30 },
    { id: 'universe', symbol: 'univ', name: 'Universe', market_cap_rank: 5 },
    { id: 'unicorn', symbol: 'uni', name: 'Unicorn', market_cap_rank: 900 },
  ];

  it('offers exact symbol matches, largest market cap first, unranked last', () => {
    expect(symbolCandidates('UNI', coins, 10).map((c) => c.id)).toEqual(['uniswap', 'unicorn', 'uni-meme']);
    expect(symbolCandidates('uni', coins, 2).map((c) => c.id)).toEqual(['uniswap', 'unicorn']);
    expect(symbolCandidates('ZZQ', coins, 10)).toEqual([]);
  });

  it("offers a coin named by its id or name (a hand-written 'bitcoin'), after the ticker matches", () => {
    expect(symbolCandidates('UNISWAP', coins, 10).map((c) => c.id)).toEqual(['uniswap']);
    expect(symbolCandidates('unicorn', coins, 10).map((c) => c.id)).toEqual(['unicorn']);
    const shared = [...coins, { id: 'univ-x', symbol: 'universe', name: 'Univ X', market_cap_rank: 700 }];
    expect(symbolCandidates('Universe', shared, 10).map((c) => c.id)).toEqual(['univ-x', 'universe']);
  });
});
