import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { explorerFailure } from '../chain-http/test/explorer-failure.ts';
import { internalTx, normalTx, tokenTransfer, usdc } from './test/etherscan-records.ts';
import { counterparty, etherscanClient, ethWallet } from './test/etherscan-setup.ts';
import { type FakeEtherscan, startFakeEtherscan } from './test/fake-etherscan.ts';

let fake: FakeEtherscan;
beforeAll(async () => {
  fake = await startFakeEtherscan();
});
afterAll(async () => {
  await fake.close();
});
beforeEach(() => {
  fake.clear();
});

const mainnet = 1;
const base = 8453;

describe('answers', () => {
  it('lists normal transactions with every number kept as a decimal string', async () => {
    fake.addRecords(mainnet, ethWallet, 'txlist', [
      normalTx({ name: 'in', block: 100, from: counterparty, to: ethWallet, value: '1500000000000000000' }),
      normalTx({ name: 'out', block: 120, from: ethWallet, to: counterparty, value: '250000000000000000' }),
    ]);
    fake.setTip(mainnet, 130);
    const { client } = etherscanClient({ baseUrl: fake.baseUrl });

    const txs = await client.txlist({ chainId: mainnet, address: ethWallet, startBlock: 0, sort: 'asc' });

    expect(txs.map((t) => [t.blockNumber, t.value, t.confirmations])).toEqual([
      ['100', '1500000000000000000', '31'],
      ['120', '250000000000000000', '11'],
    ]);
    const sent = fake.requests[0];
    expect(Object.fromEntries(sent ?? [])).toMatchObject({
      chainid: '1',
      module: 'account',
      action: 'txlist',
      address: ethWallet,
      startblock: '0',
      sort: 'asc',
      apikey: fake.apiKey,
    });
  });

  it('keeps chains apart through chainid', async () => {
    fake.addRecords(base, ethWallet, 'tokentx', [
      tokenTransfer({ name: 'on-base', block: 5, from: counterparty, to: ethWallet, value: '42000000' }),
    ]);
    const { client } = etherscanClient({ baseUrl: fake.baseUrl });

    expect(await client.tokentx({ chainId: base, address: ethWallet })).toHaveLength(1);
    expect(await client.tokentx({ chainId: mainnet, address: ethWallet })).toEqual([]);
  });

  it('lists internal transactions with their trace ids', async () => {
    fake.addRecords(mainnet, ethWallet, 'txlistinternal', [
      internalTx({ name: 'refund', block: 7, traceId: '0_1', from: counterparty, to: ethWallet, value: '1' }),
    ]);
    const { client } = etherscanClient({ baseUrl: fake.baseUrl });
    const [row] = await client.txlistInternal({ chainId: mainnet, address: ethWallet });
    expect(row).toMatchObject({ traceId: '0_1', type: 'call', value: '1' });
  });

  it('reads native and token balances as exact decimal strings', async () => {
    fake.setBalance(mainnet, ethWallet, '40891626854930000000999');
    fake.setTokenBalance(mainnet, ethWallet, usdc.address, '135499000000');
    const { client } = etherscanClient({ baseUrl: fake.baseUrl });

    expect(await client.balance({ chainId: mainnet, address: ethWallet })).toBe('40891626854930000000999');
    expect(
      await client.tokenBalance({ chainId: mainnet, address: ethWallet, contractAddress: usdc.address }),
    ).toBe('135499000000');
    expect(fake.requests[0]?.get('tag')).toBe('latest');
  });

  it("reads the chain's newest block from the proxy module's JSON-RPC answer", async () => {
    fake.setTip(base, 23_456_789);
    const { client } = etherscanClient({ baseUrl: fake.baseUrl });
    expect(await client.tipBlock({ chainId: base })).toBe(23_456_789);
    expect(Object.fromEntries(fake.requests[0] ?? [])).toMatchObject({
      chainid: String(base),
      module: 'proxy',
      action: 'eth_blockNumber',
      apikey: fake.apiKey,
    });
  });

  it('takes "No transactions found" as an empty list, not an error', async () => {
    const { client } = etherscanClient({ baseUrl: fake.baseUrl });
    expect(await client.txlist({ chainId: mainnet, address: ethWallet })).toEqual([]);
    expect(fake.count('txlist')).toBe(1);
  });
});

describe('refusals', () => {
  it('names the key setting when Etherscan says the key is invalid, and does not retry', async () => {
    const { client } = etherscanClient({ baseUrl: fake.baseUrl, apiKey: 'not-the-key' });

    const error = await explorerFailure(client.txlist({ chainId: mainnet, address: ethWallet }));

    expect(error).toMatchObject({ kind: 'rejected', attempts: 1 });
    expect(error.message).toBe(
      'Etherscan did not accept the API key in ETHERSCAN_API_KEY (it said "Invalid API Key").',
    );
    expect(error.message).not.toContain('not-the-key');
    expect(error.endpoint).not.toContain('not-the-key');
    expect(fake.count()).toBe(1);
  });

  it('asks for a key when none is set', async () => {
    const { client } = etherscanClient({ baseUrl: fake.baseUrl, apiKey: undefined });
    const error = await explorerFailure(client.balance({ chainId: mainnet, address: ethWallet }));
    expect(error.kind).toBe('rejected');
    expect(error.message).toBe('Etherscan needs an API key: set ETHERSCAN_API_KEY.');
  });

  it("passes on Etherscan's sentence for a chain it does not serve", async () => {
    const { client } = etherscanClient({ baseUrl: fake.baseUrl });
    const error = await explorerFailure(client.txlist({ chainId: 999_999, address: ethWallet }));
    expect(error.kind).toBe('rejected');
    expect(error.message).toMatch(/unsupported chainid/);
  });

  it('refuses a malformed address before sending anything', async () => {
    const { client } = etherscanClient({ baseUrl: fake.baseUrl });
    expect((await explorerFailure(client.txlist({ chainId: mainnet, address: '0x123' }))).kind).toBe(
      'rejected',
    );
    expect(fake.count()).toBe(0);
  });
});

describe('failures', () => {
  it('waits a second after "Max calls per sec rate limit reached", pausing the budget, then succeeds', async () => {
    fake.setBalance(mainnet, ethWallet, '7');
    fake.fail({ type: 'rate-limit' });
    const { client, time } = etherscanClient({ baseUrl: fake.baseUrl });

    expect(await client.balance({ chainId: mainnet, address: ethWallet })).toBe('7');
    expect(fake.count('balance')).toBe(2);
    expect(time.elapsed()).toBeGreaterThanOrEqual(1000);
  });

  it('reports a rate limit that lasts every attempt as rate_limited', async () => {
    fake.fail({ type: 'rate-limit' }, 3);
    const { client } = etherscanClient({ baseUrl: fake.baseUrl, retry: { maxAttempts: 3 } });
    const error = await explorerFailure(client.balance({ chainId: mainnet, address: ethWallet }));
    expect(error).toMatchObject({ kind: 'rate_limited', attempts: 3 });
    expect(error.message).toMatch(/asked us to slow down .*\(tried 3 times\)\.$/);
  });

  it('takes the keyless "Max rate limit reached" as a rate limit, though it mentions a key', async () => {
    fake.fail({ type: 'notok', result: 'Max rate limit reached, please use API Key for higher rate limit' });
    const { client } = etherscanClient({ baseUrl: fake.baseUrl });
    expect(await client.txlist({ chainId: mainnet, address: ethWallet })).toEqual([]);
    expect(fake.count()).toBe(2);
  });

  it('does not spend requests on a used-up daily allowance', async () => {
    fake.fail({ type: 'daily-limit' });
    const { client } = etherscanClient({ baseUrl: fake.baseUrl });
    const error = await explorerFailure(client.balance({ chainId: mainnet, address: ethWallet }));
    expect(error.kind).toBe('rate_limited');
    expect(error.message).toBe(
      "Etherscan's daily request allowance for this key is used up; it renews at midnight UTC.",
    );
    expect(error.retryAfterMs).toBe(12 * 3600_000);
    expect(fake.count()).toBe(1);
  });

  it('honours an HTTP 429 Retry-After from the gateway', async () => {
    fake.fail({ type: 'status', status: 429, retryAfter: '2' });
    const { client, time } = etherscanClient({ baseUrl: fake.baseUrl });
    expect(await client.txlist({ chainId: mainnet, address: ethWallet })).toEqual([]);
    expect(time.elapsed()).toBeGreaterThanOrEqual(2000);
    expect(fake.count()).toBe(2);
  });

  it('retries a 503 and succeeds within the attempts', async () => {
    fake.fail({ type: 'status', status: 503 }, 2);
    const { client } = etherscanClient({ baseUrl: fake.baseUrl });
    expect(await client.tokentx({ chainId: mainnet, address: ethWallet })).toEqual([]);
    expect(fake.count()).toBe(3);
  });

  it('calls a cut-off body malformed', async () => {
    fake.fail({ type: 'malformed' });
    const { client } = etherscanClient({ baseUrl: fake.baseUrl });
    const error = await explorerFailure(client.txlist({ chainId: mainnet, address: ethWallet }));
    expect(error.kind).toBe('malformed');
    expect(fake.count()).toBe(1);
  });

  it('calls a record missing its fields malformed, using none of the page', async () => {
    fake.fail({ type: 'wrong-shape' });
    const { client } = etherscanClient({ baseUrl: fake.baseUrl });
    const error = await explorerFailure(client.txlist({ chainId: mainnet, address: ethWallet }));
    expect(error.kind).toBe('malformed');
  });

  it('times out a hanging answer', async () => {
    fake.fail({ type: 'hang' }, 2);
    const { client } = etherscanClient({ baseUrl: fake.baseUrl, timeoutMs: 150, retry: { maxAttempts: 2 } });
    const error = await explorerFailure(client.balance({ chainId: mainnet, address: ethWallet }));
    expect(error.kind).toBe('unreachable');
    expect(error.message).toBe('Etherscan did not answer in 150 ms (tried 2 times).');
  });
});

describe("the proxy module's failures", () => {
  it('reads a refused key in the envelope, though the proxy answers JSON-RPC otherwise', async () => {
    const { client } = etherscanClient({ baseUrl: fake.baseUrl, apiKey: 'not-the-key' });
    const error = await explorerFailure(client.tipBlock({ chainId: mainnet }));
    expect(error).toMatchObject({ kind: 'rejected', attempts: 1 });
    expect(error.message).toMatch(/did not accept the API key/);
  });

  it('calls a JSON-RPC error unreachable, and an answer in neither shape malformed', async () => {
    const { client } = etherscanClient({ baseUrl: fake.baseUrl, retry: { maxAttempts: 1 } });
    fake.fail({ type: 'rpc-error', message: 'header not found' }, 1, 'eth_blockNumber');
    const rpc = await explorerFailure(client.tipBlock({ chainId: mainnet }));
    expect(rpc.kind).toBe('unreachable');
    expect(rpc.message).toMatch(/header not found/);
    fake.fail({ type: 'wrong-shape' }, 1, 'eth_blockNumber');
    expect((await explorerFailure(client.tipBlock({ chainId: mainnet }))).kind).toBe('malformed');
  });
});

describe('budget', () => {
  it('spaces N requests at R/s over the budget floor on the injected clock', async () => {
    const { client, time } = etherscanClient({ baseUrl: fake.baseUrl, requestsPerSecond: 5 });

    for (let i = 0; i < 10; i++) await client.balance({ chainId: mainnet, address: ethWallet });

    expect(fake.count('balance')).toBe(10);
    expect(time.elapsed()).toBe(1800);
  });
});
