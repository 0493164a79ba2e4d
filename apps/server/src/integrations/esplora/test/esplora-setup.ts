import type { RetryPolicy } from '../../chain-http/chain-http-client.ts';
import { type FakeTime, fakeTime } from '../../chain-http/test/fake-time.ts';
import { TokenBucketBudget } from '../../chain-http/token-bucket-budget.ts';
import { EsploraClient } from '../esplora-client.ts';
import { buildTx, type EsploraTxBodyJson } from './esplora-tx-builder.ts';
import type { FakeEsplora } from './fake-esplora.ts';

export const wallet = 'bc1qwalletaddressxxxxxxxxxxxxxxxxxxxxxxxx';
export const otherWallet = 'bc1qsomeoneelsexxxxxxxxxxxxxxxxxxxxxxxxxx';

export interface ClientSetup {
  baseUrl: string;
  requestsPerSecond?: number;
  timeoutMs?: number;
  retry?: Partial<RetryPolicy>;
}

/** A real client on the fake explorer, with the clock and the jitter pinned. */
export function esploraClient(setup: ClientSetup): { client: EsploraClient; time: FakeTime } {
  const time = fakeTime();
  const budget = new TokenBucketBudget({
    requestsPerSecond: setup.requestsPerSecond ?? 1000,
    burst: setup.requestsPerSecond === undefined ? 1000 : 1,
    now: time.now,
    sleep: time.sleep,
  });
  const client = new EsploraClient({
    baseUrl: setup.baseUrl,
    budget,
    timeoutMs: setup.timeoutMs ?? 2000,
    retry: setup.retry ?? {},
    now: time.now,
    sleep: time.sleep,
    random: () => 0.5,
  });
  return { client, time };
}

/** A payment of `value` sat to the wallet. */
export function receipt(label: string | number, value = 10_000): EsploraTxBodyJson {
  return buildTx({ label, outputs: [{ address: wallet, value }] });
}

/** Puts `count` receipts in consecutive blocks from `fromHeight`, one a block; returns their txids, oldest first. */
export function mineReceipts(fake: FakeEsplora, prefix: string, count: number, fromHeight: number): string[] {
  const txids: string[] = [];
  for (let i = 0; i < count; i++) {
    const tx = receipt(`${prefix}-${i}`, 1000 + i);
    fake.addTxs(fromHeight + i, [tx]);
    txids.push(tx.txid);
  }
  return txids;
}
