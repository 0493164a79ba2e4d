import type { ExchangeClient } from '../exchange-client.ts';
import { secondsToMs } from '../exchange-time.ts';
import { type KrakenFundingJson, krakenFundingPageSchema } from './kraken-schemas.ts';

/** What DepositStatus / WithdrawStatus add to a ledger entry: the transaction, address and network. */
export interface KrakenFunding {
  refid: string;
  txid: string | null;
  address: string | null;
  network: string | null;
  /** When it was requested, epoch ms. */
  at: number;
  /** Kraken is not done with it (unconfirmed deposit, withdrawal not yet sent). */
  pending: boolean;
}

/** IFEX states Kraken uses; anything else (Success, Failure, Partial) is done. */
const unfinished = new Set(['Initial', 'Pending', 'Settled']);
const heldBack = new Set(['onhold', 'on-hold', 'cancel-pending']);

function fundingOf(item: KrakenFundingJson): KrakenFunding {
  const txid = item.txid === undefined || item.txid === null || item.txid === '' ? null : item.txid;
  return {
    refid: item.refid,
    txid,
    address: item.info === undefined || item.info === null || item.info === '' ? null : item.info,
    network: item.network ?? item.method,
    at: secondsToMs(item.time),
    pending: unfinished.has(item.status) || heldBack.has(item['status-prop'] ?? ''),
  };
}

/**
 * Kraken's recent deposits and withdrawals, newest first, paged with its `cursor`. They are
 * Kraken's only source of transaction hashes; the ledger has the amounts. Only what was
 * requested after `since` (unix seconds) is asked for.
 */
export async function readKrakenFunding(
  client: ExchangeClient<'kraken'>,
  since: number | null,
): Promise<Map<string, KrakenFunding>> {
  const found = new Map<string, KrakenFunding>();
  const endpoints = [
    ['DepositStatus', (params: object) => client.ccxt.privatePostDepositStatus(params)],
    ['WithdrawStatus', (params: object) => client.ccxt.privatePostWithdrawStatus(params)],
  ] as const;
  for (const [endpoint, request] of endpoints) {
    let cursor: string | true = true;
    for (;;) {
      const params: Record<string, string | number | boolean> = { cursor };
      if (since !== null) params.start = since;
      const page = await client.call(endpoint, krakenFundingPageSchema, () => request(params));
      for (const item of page.result.items) found.set(item.refid, fundingOf(item));
      if (page.result.next === undefined || page.result.items.length === 0) break;
      cursor = page.result.next;
    }
  }
  return found;
}
