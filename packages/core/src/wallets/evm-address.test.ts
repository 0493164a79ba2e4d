import { evmChainNames, connectionMessages as m } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { toChecksumAddress, validateEvmAddress } from './evm-address.ts';
import { evmChains } from './evm-chains.ts';

/** ERC-55's test cases, copied exactly: each is its own checksummed form. */
const erc55 = {
  allCaps: ['0x52908400098527886E0F7030069857D2E4169EE7', '0x8617E340B3D01FA5F11F306F4090FD50E238070D'],
  allLower: ['0xde709f2102306220921060314715629080e2fb77', '0x27b1fdb04752bbc536007a920d24acb045561c26'],
  normal: [
    '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
    '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
    '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB',
    '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb',
  ],
};

/** One letter's case flipped: what a typo in a checksummed address looks like. */
function flipFirstLetter(address: string): string {
  const i = address.slice(2).search(/[a-fA-F]/) + 2;
  const c = address.charAt(i);
  const flipped = c === c.toUpperCase() ? c.toLowerCase() : c.toUpperCase();
  return address.slice(0, i) + flipped + address.slice(i + 1);
}

describe('EIP-55 checksums', () => {
  it.each([...erc55.allCaps, ...erc55.allLower, ...erc55.normal])('%s is its own checksum', (address) => {
    expect(toChecksumAddress(address)).toBe(address);
    expect(toChecksumAddress(address.toLowerCase())).toBe(address);
  });
});

describe('validateEvmAddress', () => {
  it.each(erc55.normal)('accepts %s as given, in lowercase and in capitals', (address) => {
    expect(validateEvmAddress(address)).toEqual({ ok: true, value: address });
    expect(validateEvmAddress(address.toLowerCase())).toEqual({ ok: true, value: address });
    expect(validateEvmAddress(`0x${address.slice(2).toUpperCase()}`)).toEqual({ ok: true, value: address });
  });

  it.each(erc55.normal)('refuses %s with one capital wrong', (address) => {
    expect(validateEvmAddress(flipFirstLetter(address))).toEqual({
      ok: false,
      problem: 'checksum',
      message: m.evmChecksum,
    });
  });

  it('refuses what is not an address', () => {
    for (const input of [
      '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAe',
      '5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
      '0xZZ',
    ]) {
      expect(validateEvmAddress(input)).toEqual({ ok: false, problem: 'malformed', message: m.evmInvalid });
    }
    expect(validateEvmAddress('vitalik.eth')).toEqual({
      ok: false,
      problem: 'malformed',
      message: m.evmName,
    });
    expect(validateEvmAddress(`0x${'0'.repeat(40)}`)).toEqual({
      ok: false,
      problem: 'malformed',
      message: m.evmZero,
    });
    expect(validateEvmAddress(' ')).toEqual({ ok: false, problem: 'empty', message: m.evmEmpty });
  });

  it('trims the whitespace a copy brings along', () => {
    expect(validateEvmAddress(' 0xfb6916095ca1df60bb79ce92ce3ea74c37c5d359\n')).toEqual({
      ok: true,
      value: '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
    });
  });
});

describe('EVM chains', () => {
  it('has every chain a connection can name, with its chain id and gas coin', () => {
    expect(Object.keys(evmChains).sort()).toEqual([...evmChainNames].sort());
    const table = Object.values(evmChains).map((c) => [c.name, c.chainId, c.nativeCoinId, c.nativeDecimals]);
    expect(table).toEqual([
      ['ethereum', 1, 'ethereum', 18],
      ['arbitrum', 42161, 'ethereum', 18],
      ['base', 8453, 'ethereum', 18],
      ['optimism', 10, 'ethereum', 18],
      ['polygon', 137, 'polygon-ecosystem-token', 18],
    ]);
  });
});
