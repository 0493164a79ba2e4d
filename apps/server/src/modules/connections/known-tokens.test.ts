import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadSnapshotDataset } from '../../integrations/market-data/snapshot/dataset.ts';
import { knownTokenCoinId, parseTokenContracts, tokenContractsPath } from './known-tokens.ts';

describe('the committed token contracts', () => {
  const table = parseTokenContracts(readFileSync(tokenContractsPath(), 'utf8'));

  it('names only coins the offline market has, so every booked token can be valued', () => {
    const coins = new Set(loadSnapshotDataset().coins.map((c) => c.id));
    const unknown = [...new Set(table.values())].filter((id) => !coins.has(id));
    expect(unknown).toEqual([]);
    expect(table.size).toBeGreaterThan(50);
  });

  it('finds a contract whatever its capitals, on its own chain only', () => {
    expect(knownTokenCoinId('ethereum', '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48')).toBe('usd-coin');
    expect(knownTokenCoinId('base', '0x833589fcd6edb6e08f4c7c32d4f71b54bda02913')).toBe('usd-coin');
    // The Ethereum USDC contract means nothing on Polygon.
    expect(knownTokenCoinId('polygon', '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48')).toBeNull();
    expect(knownTokenCoinId('ethereum', `0x${'1'.repeat(40)}`)).toBeNull();
  });

  it('leaves out rebasing stETH, whose balance grows without transfers', () => {
    expect(knownTokenCoinId('ethereum', '0xae7ab96520de3a18e5e111b5eaab095312d7fe84')).toBeNull();
  });

  it('refuses a malformed line, an unknown chain and a contract listed twice', () => {
    expect(() => parseTokenContracts('usd-coin ethereum 0x1234')).toThrow(/line 1/);
    expect(() => parseTokenContracts(`# note\nusd-coin solana 0x${'a'.repeat(40)}`)).toThrow(/line 2/);
    const twice = `dai ethereum 0x${'b'.repeat(40)}\nusds ethereum 0x${'b'.repeat(40)}`;
    expect(() => parseTokenContracts(twice)).toThrow(/twice/);
  });
});
