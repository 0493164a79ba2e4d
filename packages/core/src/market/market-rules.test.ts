import { marketMessages } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { isStablecoin, roundSupply, safeImageUrl, sanitizeCoinList, sanitizeCoinText } from './coin-rules.ts';
import { convertFromUsd } from './currency.ts';
import { requireCoinId, requireId, requireSymbol } from './require-id.ts';
import { normaliseSearchQuery, searchMatchScore } from './search-query.ts';

describe('sanitizeCoinList (entries without id, symbol, name or a numeric price are dropped)', () => {
  it('drops entries lacking id, symbol, name or a numeric current_price', () => {
    const kept = sanitizeCoinList([
      { id: 'bitcoin', symbol: 'btc', name: 'Bitcoin', current_price: 70000 },
      { id: '', symbol: 'x', name: 'No id', current_price: 1 },
      { id: 'nosym', name: 'No symbol', current_price: 1 },
      { id: 'noname', symbol: 'nn', current_price: 1 },
      { id: 'noprice', symbol: 'np', name: 'No price', current_price: null },
      { id: 'nan', symbol: 'nan', name: 'NaN', current_price: Number.NaN },
      { id: 'text', symbol: 'tx', name: 'Text price', current_price: 'abc' },
      { id: 'str', symbol: 'st', name: 'String price', current_price: '1,234.5' },
      { id: 'zero', symbol: 'z', name: 'Zero', current_price: 0 },
    ]);
    expect(kept.map((c) => c.id)).toEqual(['bitcoin', 'str', 'zero']);
    expect(kept[1]?.current_price).toBe(1234.5);
  });

  it('keeps extra fields', () => {
    const [coin] = sanitizeCoinList([{ id: 'a', symbol: 'a', name: 'A', current_price: 1, rank: 3 }]);
    expect(coin?.rank).toBe(3);
  });
});

describe('safeImageUrl (http(s) from the allowed hosts only)', () => {
  it.each([
    ['https://coin-images.coingecko.com/coins/images/1/large/bitcoin.png?1696501400', true],
    ['https://assets.coingecko.com/coins/images/279/large/ethereum.png', true],
    ['http://assets.coingecko.com/x.png', true],
    ['/coin-images/bitcoin.png', true],
  ])('accepts %s', (url, ok) => {
    expect(safeImageUrl(url).url !== '').toBe(ok);
    expect(safeImageUrl(url).rejected).toBe(false);
  });

  it.each([
    'javascript:alert(1)',
    'data:image/png;base64,AAAA',
    'https://evil.example.com/x.png',
    'https://coin-images.coingecko.com.evil.com/x.png',
    '//evil.example.com/x.png',
    'ftp://assets.coingecko.com/x.png',
    'https://user:pw@assets.coingecko.com/x.png',
    '/coin-images/../secret',
    'https://assets.coingecko.com/x.png" onerror="alert(1)',
    'not a url',
  ])('blanks %s and flags it for a console warning', (url) => {
    expect(safeImageUrl(url)).toEqual({ url: '', rejected: true });
  });

  it('treats missing images as blank without a warning', () => {
    expect(safeImageUrl(null)).toEqual({ url: '', rejected: false });
    expect(safeImageUrl('')).toEqual({ url: '', rejected: false });
  });
});

describe('sanitizeCoinText', () => {
  it.each([
    ['Bitcoin', 'Bitcoin'],
    ['<b>Bit</b>coin', 'Bitcoin'],
    ['<script>alert(1)</script>Eth', 'alert1Eth'],
    ['USD Coin (Bridged)', 'USD Coin Bridged'],
    ['Wrapped  stETH', 'Wrapped stETH'],
    ['Ape & Co.', 'Ape Co.'],
    ['a.b,c-d_e', 'a.b,c-d_e'],
    ['USD₮0', 'USD0'],
    ['<img src=x onerror=alert(1)>', ''],
  ])('%s → %s', (input, expected) => {
    expect(sanitizeCoinText(input)).toBe(expected);
  });
});

describe('roundSupply (2 decimals)', () => {
  it('rounds to 2 decimals and parses loose numbers', () => {
    expect(roundSupply(19_675_987.456)).toBe(19_675_987.46);
    expect(roundSupply('1,000.005')).toBe(1000.01);
    expect(roundSupply(null)).toBeNull();
  });
});

describe('required ids', () => {
  it('returns the spec messages', () => {
    expect(requireCoinId('')).toEqual({ ok: false, message: marketMessages.coinIdRequired });
    expect(requireSymbol(undefined)).toEqual({ ok: false, message: 'Symbol is required' });
    expect(requireId('  ')).toEqual({ ok: false, message: 'ID is required' });
    expect(requireCoinId(' bitcoin ')).toEqual({ ok: true, value: 'bitcoin' });
  });
});

describe('normaliseSearchQuery (coin search)', () => {
  it.each([
    ['', null],
    [' e ', null],
    ['  eth ', 'eth'],
    ['bit  coin', 'bit coin'],
    [42, null],
  ])('%s → %s', (input, expected) => {
    expect(normaliseSearchQuery(input)).toBe(expected);
  });

  it('ranks exact symbol above prefix and substring', () => {
    const eth = { id: 'ethereum', symbol: 'eth', name: 'Ethereum' };
    const etc = { id: 'ethereum-classic', symbol: 'etc', name: 'Ethereum Classic' };
    const weth = { id: 'weth', symbol: 'weth', name: 'WETH' };
    expect(searchMatchScore(eth, 'eth')).toBe(0);
    expect(searchMatchScore(etc, 'eth')).toBe(2);
    expect(searchMatchScore(weth, 'eth')).toBe(3);
    expect(searchMatchScore(eth, 'sol')).toBeNull();
  });
});

describe('stablecoins and currency conversion', () => {
  it('recognises stablecoins by category or known id', () => {
    expect(isStablecoin({ id: 'tether' })).toBe(true);
    expect(isStablecoin({ id: 'x', categories: ['stablecoins'] })).toBe(true);
    expect(isStablecoin({ id: 'bitcoin', categories: ['layer-1'] })).toBe(false);
  });

  it('converts USD through BTC-based rates', () => {
    const rates = {
      base: 'btc' as const,
      rates: {
        usd: { name: 'US Dollar', unit: '$', value: 100_000, type: 'fiat' as const },
        eur: { name: 'Euro', unit: '€', value: 86_000, type: 'fiat' as const },
        btc: { name: 'Bitcoin', unit: 'BTC', value: 1, type: 'crypto' as const },
      },
    };
    expect(convertFromUsd(100, 'eur', rates)).toBeCloseTo(86);
    expect(convertFromUsd(50_000, 'BTC', rates)).toBeCloseTo(0.5);
    expect(convertFromUsd(1, 'xyz', rates)).toBeNull();
  });
});
