import { describe, expect, it } from 'vitest';
import { sourceKindOf } from './transfer-movements.ts';
import type { TransferRow } from './transfers.repository.ts';
import { rowTxHash } from './tx-hash.ts';

const txid = 'C3A1F0E2D4B6A8C0E2F4A6B8D0C2E4F6A8B0D2C4E6F8A0B2D4C6E8F0A2B4C6D8';
const evmHash = '0xAbCdEf0123456789abcdef0123456789ABCDEF0123456789abcdef0123456789';

function row(over: Partial<TransferRow>): TransferRow {
  return {
    id: 'r',
    portfolioId: 'p',
    portfolioName: 'P',
    coinId: 'bitcoin',
    type: 'transfer_out',
    quantity: '1',
    executedAt: new Date(0),
    sourceConnectionId: null,
    connectionKind: null,
    connectionLabel: null,
    sourceId: null,
    outsideRef: null,
    txHash: null,
    classification: null,
    matchedTransactionId: null,
    updatedAt: new Date(0),
    ...over,
  };
}

describe('a row’s transaction id, from what it carries', () => {
  it('reads a Bitcoin wallet row’s txid and an EVM row’s hash, in one spelling', () => {
    expect(rowTxHash({ sourceKind: 'wallet', sourceId: `${txid}:1`, outsideRef: null, txHash: null })).toBe(
      txid.toLowerCase(),
    );
    expect(
      rowTxHash({ sourceKind: 'wallet', sourceId: `base:${evmHash}:12`, outsideRef: null, txHash: null }),
    ).toBe(evmHash.slice(2).toLowerCase());
    expect(
      rowTxHash({ sourceKind: 'wallet', sourceId: `ethereum:${evmHash}`, outsideRef: null, txHash: null }),
    ).toBe(evmHash.slice(2).toLowerCase());
  });

  it('reads the hash an exchange gave for its deposit or withdrawal, in the same spelling', () => {
    expect(
      rowTxHash({
        sourceKind: 'exchange',
        sourceId: 'movement:1',
        outsideRef: 'kraken:ledger:L1',
        txHash: evmHash,
      }),
    ).toBe(evmHash.slice(2).toLowerCase());
  });

  it('has none for exchange, CSV and hand-entered rows that carry no hash, nor for text that is no id', () => {
    expect(
      rowTxHash({
        sourceKind: 'exchange',
        sourceId: `${txid}:0`,
        outsideRef: 'kraken:ledger:L1',
        txHash: null,
      }),
    ).toBeNull();
    expect(
      rowTxHash({ sourceKind: 'csv', sourceId: null, outsideRef: 'binance:withdrawal:9', txHash: null }),
    ).toBeNull();
    expect(rowTxHash({ sourceKind: 'manual', sourceId: null, outsideRef: null, txHash: null })).toBeNull();
    expect(
      rowTxHash({ sourceKind: 'wallet', sourceId: 'short:0', outsideRef: null, txHash: null }),
    ).toBeNull();
  });

  it('names the source from the connection, or from what a kept row still carries', () => {
    expect(sourceKindOf(row({ sourceConnectionId: 'c', connectionKind: 'bitcoin', sourceId: 'x' }))).toBe(
      'wallet',
    );
    expect(sourceKindOf(row({ sourceConnectionId: 'c', connectionKind: 'evm', sourceId: 'x' }))).toBe(
      'wallet',
    );
    expect(sourceKindOf(row({ sourceConnectionId: 'c', connectionKind: 'exchange', sourceId: 'x' }))).toBe(
      'exchange',
    );
    expect(sourceKindOf(row({ sourceId: `${txid}:0` }))).toBe('wallet');
    expect(sourceKindOf(row({ sourceId: 'k1', outsideRef: 'kraken:ledger:L1' }))).toBe('exchange');
    expect(sourceKindOf(row({ outsideRef: 'kraken:ledger:L1' }))).toBe('csv');
    expect(sourceKindOf(row({}))).toBe('manual');
  });
});
