import type { RetryPolicy } from '../../chain-http/chain-http-client.ts';
import { type FakeTime, fakeTime } from '../../chain-http/test/fake-time.ts';
import { TokenBucketBudget } from '../../chain-http/token-bucket-budget.ts';
import { EtherscanClient } from '../etherscan-client.ts';
import { fakeAddress } from './etherscan-records.ts';

export const ethWallet = fakeAddress('wallet');
export const counterparty = fakeAddress('counterparty');

export interface ClientSetup {
  baseUrl: string;
  apiKey?: string | undefined;
  requestsPerSecond?: number;
  timeoutMs?: number;
  retry?: Partial<RetryPolicy>;
}

/** A real client on the fake Etherscan, with the clock and the jitter pinned. */
export function etherscanClient(setup: ClientSetup): { client: EtherscanClient; time: FakeTime } {
  const time = fakeTime();
  const budget = new TokenBucketBudget({
    requestsPerSecond: setup.requestsPerSecond ?? 1000,
    burst: setup.requestsPerSecond === undefined ? 1000 : 1,
    now: time.now,
    sleep: time.sleep,
  });
  const client = new EtherscanClient({
    baseUrl: setup.baseUrl,
    apiKey: 'apiKey' in setup ? setup.apiKey : 'fake-etherscan-key',
    budget,
    timeoutMs: setup.timeoutMs ?? 2000,
    retry: setup.retry ?? {},
    now: time.now,
    sleep: time.sleep,
    random: () => 0.5,
  });
  return { client, time };
}
