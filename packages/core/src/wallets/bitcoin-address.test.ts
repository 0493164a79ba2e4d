import { connectionMessages as m } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { normalizeBitcoinAddress, validateBitcoinAddress } from './bitcoin-address.ts';
import vectors from './fixtures/bitcoin-addresses.json' with { type: 'json' };

describe('Bitcoin addresses', () => {
  it('names its source', () => {
    expect(vectors.source.length).toBeGreaterThan(40);
  });

  it.each(vectors.valid)('accepts $from', ({ input, address, type }) => {
    expect(validateBitcoinAddress(input)).toEqual({ ok: true, value: { address, type } });
  });

  it.each(vectors.refused)('refuses $from', (vector) => {
    const result = validateBitcoinAddress(vector.input);
    expect(result).toMatchObject({ ok: false, problem: vector.problem });
    if ('network' in vector && vector.network) {
      expect(result).toMatchObject({ message: m.addressNetwork(vector.network) });
    }
  });

  it('words the network refusal', () => {
    expect(m.addressNetwork('regtest')).toBe(
      'This is a regtest address; connect a mainnet address (starting with 1, 3 or bc1).',
    );
  });

  it('sends an extended key to its own field', () => {
    const zpub =
      'zpub6rFR7y4Q2AijBEqTUquhVz398htDFrtymD9xYYfG1m4wAcvPhXNfE3EfH1r1ADqtfSdVCToUG868RvUUkgDKf31mGDtKsAYz2oz2AGutZYs';
    expect(validateBitcoinAddress(zpub)).toEqual({
      ok: false,
      problem: 'wrong_field',
      message: m.addressIsKey,
    });
  });

  it('compares bech32 without case and base58 with it', () => {
    expect(normalizeBitcoinAddress('BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4')).toBe(
      'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
    );
    expect(normalizeBitcoinAddress('1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa')).toBe(
      '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa',
    );
  });
});
