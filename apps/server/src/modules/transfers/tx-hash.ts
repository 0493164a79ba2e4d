import { evmChainNames, type TransferSourceKind } from '@app/contracts';
import { normaliseTxHash } from '@app/core';

/** What a row knows of its origin, enough to tell its on-chain transaction id. */
export interface HashEvidence {
  sourceKind: TransferSourceKind;
  sourceId: string | null;
  outsideRef: string | null;
  /** The hash an exchange gave for its deposit or withdrawal. */
  txHash: string | null;
}

const evmChains: ReadonlySet<string> = new Set(evmChainNames);

/**
 * The on-chain transaction id a row carries, or null: the one an exchange gave for its deposit or
 * withdrawal, or else read from the outside id a wallet connection gave the row (a Bitcoin row's
 * is `<txid>:<output>`, an EVM row's `<chain>:<hash>[:<log or trace>]`).
 */
export function rowTxHash(row: HashEvidence): string | null {
  if (row.txHash !== null) return normaliseTxHash(row.txHash);
  if (row.sourceKind !== 'wallet' || row.sourceId === null) return null;
  const [first = '', second = ''] = row.sourceId.split(':');
  return normaliseTxHash(evmChains.has(first) ? second : first);
}
