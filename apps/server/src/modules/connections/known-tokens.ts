import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type EvmChainName, evmChainNames } from '@app/contracts';
import { findServerPackageRoot } from '../../lib/package-root.ts';

/**
 * Tokens booked as coins without asking: the issuers' own contracts of the coins the offline
 * market knows (data-snapshot/token-contracts.txt). Anyone can deploy a token called "USDC", so
 * only these addresses count; every other token waits in the connection's token list until its
 * owner maps it to a coin.
 */
export type KnownTokenTable = ReadonlyMap<string, string>;

const chains = new Set<string>(evmChainNames);
const line = /^([a-z0-9-]+) ([a-z]+) (0x[0-9a-f]{40})$/;

export function tokenContractsPath(): string {
  return join(findServerPackageRoot(import.meta.url), 'data-snapshot', 'token-contracts.txt');
}

/** `chain:contract` → coin id. A malformed line stops the server: the file is committed and checked. */
export function parseTokenContracts(text: string): KnownTokenTable {
  const table = new Map<string, string>();
  for (const [index, raw] of text.split('\n').entries()) {
    const row = raw.trim();
    if (row === '' || row.startsWith('#')) continue;
    const match = line.exec(row);
    if (!match || !chains.has(match[2] ?? '')) {
      throw new Error(`token-contracts.txt line ${index + 1}: expected "coin-id chain 0xcontract"`);
    }
    const key = `${match[2]}:${match[3]}`;
    if (table.has(key)) throw new Error(`token-contracts.txt line ${index + 1}: ${key} twice`);
    table.set(key, match[1] ?? '');
  }
  return table;
}

let table: KnownTokenTable | undefined;

export function knownTokenCoinId(chain: EvmChainName, contractAddress: string): string | null {
  table ??= parseTokenContracts(readFileSync(tokenContractsPath(), 'utf8'));
  return table.get(`${chain}:${contractAddress.toLowerCase()}`) ?? null;
}
