import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { closedLoopbackUrl } from '../chain-http/test/closed-loopback.ts';
import { explorerFailure } from '../chain-http/test/explorer-failure.ts';
import { esploraClient, mineReceipts, otherWallet, wallet } from './test/esplora-setup.ts';
import { buildTx } from './test/esplora-tx-builder.ts';
import { type FakeEsplora, startFakeEsplora } from './test/fake-esplora.ts';

let fake: FakeEsplora;
beforeAll(async () => {
  fake = await startFakeEsplora();
});
afterAll(async () => {
  await fake.close();
});
beforeEach(() => {
  fake.clear();
  fake.resetCounts();
});

describe('answers', () => {
  it('reads the tip height from plain text', async () => {
    fake.setTip(871_234);
    const { client } = esploraClient({ baseUrl: fake.baseUrl });
    expect(await client.tipHeight()).toBe(871_234);
  });

  it('reads a spend with change, a coinbase and an OP_RETURN output in Esplora shape', async () => {
    const spend = buildTx({
      label: 'spend',
      inputs: [{ address: wallet, value: 50_000 }],
      outputs: [
        { address: otherWallet, value: 30_000 },
        { address: wallet, value: 19_000 },
        { address: null, value: 0 },
      ],
    });
    const coinbase = buildTx({
      label: 'coinbase',
      coinbase: true,
      outputs: [{ address: wallet, value: 312_500_000 }],
    });
    fake.addTxs(800_000, [coinbase, spend]);
    const { client } = esploraClient({ baseUrl: fake.baseUrl });

    const read = await client.tx(spend.txid);
    expect(read.fee).toBe(1000);
    expect(read.vin[0]?.prevout?.scriptpubkey_address).toBe(wallet);
    expect(read.vout[2]?.scriptpubkey_address).toBeUndefined();
    expect(read.status).toMatchObject({ confirmed: true, block_height: 800_000 });

    const mined = await client.tx(coinbase.txid);
    expect(mined.vin[0]).toMatchObject({ is_coinbase: true, prevout: null });

    const stats = await client.addressStats(wallet);
    expect(stats.chain_stats).toMatchObject({
      funded_txo_count: 2,
      funded_txo_sum: 312_519_000,
      spent_txo_count: 1,
      spent_txo_sum: 50_000,
      tx_count: 2,
    });
  });

  it('says a transaction it does not know is not found', async () => {
    const { client } = esploraClient({ baseUrl: fake.baseUrl });
    const error = await explorerFailure(client.tx('ab'.repeat(32)));
    expect(error.kind).toBe('not_found');
    expect(error.message).toMatch(/does not know this transaction/);
    expect(fake.count('/tx/:txid')).toBe(1);
  });

  it("passes on the explorer's refusal of an address, without retrying", async () => {
    const { client } = esploraClient({ baseUrl: fake.baseUrl });
    const error = await explorerFailure(client.addressTxsChain('notabitcoinaddress00'));
    expect(error).toMatchObject({ kind: 'rejected', status: 400, attempts: 1 });
    expect(error.message).toMatch(/refused the request \(400\): Invalid Bitcoin address/);
  });

  it('refuses a malformed address or txid before sending anything', async () => {
    const { client } = esploraClient({ baseUrl: fake.baseUrl });
    expect((await explorerFailure(client.addressTxs('../blocks/tip'))).kind).toBe('rejected');
    expect((await explorerFailure(client.addressTxsChain(wallet, 'not-a-txid'))).kind).toBe('rejected');
    expect(fake.totalRequests()).toBe(0);
  });
});

describe('failures', () => {
  it('waits out a 429 Retry-After, pausing the budget, then succeeds', async () => {
    mineReceipts(fake, 'a', 3, 10);
    fake.fail({ type: 'status', status: 429, retryAfter: '3' });
    const { client, time } = esploraClient({ baseUrl: fake.baseUrl });

    const page = await client.addressTxsChain(wallet);

    expect(page).toHaveLength(3);
    expect(fake.count('/address/:address/txs/chain')).toBe(2);
    expect(time.elapsed()).toBeGreaterThanOrEqual(3000);
    expect(Math.max(...time.sleeps)).toBeGreaterThanOrEqual(3000);
  });

  it('gives up at once when Retry-After is longer than a call may wait', async () => {
    fake.fail({ type: 'status', status: 429, retryAfter: '120' });
    const { client } = esploraClient({ baseUrl: fake.baseUrl });

    const error = await explorerFailure(client.addressTxsChain(wallet));

    expect(error).toMatchObject({ kind: 'rate_limited', retryAfterMs: 120_000, attempts: 1 });
    expect(error.message).toMatch(/asked us to wait 2 min before asking again/);
    expect(fake.totalRequests()).toBe(1);
  });

  it('retries a 503 with growing, jittered backoff and succeeds within the attempts', async () => {
    mineReceipts(fake, 'a', 2, 10);
    fake.fail({ type: 'status', status: 503 }, 2);
    const { client, time } = esploraClient({ baseUrl: fake.baseUrl, retry: { baseDelayMs: 400 } });

    expect(await client.addressTxsChain(wallet)).toHaveLength(2);
    expect(fake.count('/address/:address/txs/chain')).toBe(3);
    // random() is pinned at 0.5: three quarters of 400 ms, then of 800 ms.
    expect(time.sleeps.filter((ms) => ms >= 100)).toEqual([300, 600]);
  });

  it('reports a 503 that outlasts every attempt as unreachable, in plain words', async () => {
    fake.fail({ type: 'status', status: 503 }, 10);
    const { client } = esploraClient({ baseUrl: fake.baseUrl, retry: { maxAttempts: 3 } });

    const error = await explorerFailure(client.tipHeight());

    expect(error).toMatchObject({ kind: 'unreachable', status: 503, attempts: 3 });
    expect(error.message).toBe(
      `The explorer at ${new URL(fake.baseUrl).host} is having trouble: it answered 503 (tried 3 times).`,
    );
    expect(fake.count('/blocks/tip/height')).toBe(3);
  });

  it('calls invalid JSON malformed and does not retry it', async () => {
    fake.fail({ type: 'malformed' });
    const { client } = esploraClient({ baseUrl: fake.baseUrl });

    const error = await explorerFailure(client.addressTxsChain(wallet));

    expect(error.kind).toBe('malformed');
    expect(error.message).toMatch(/not valid JSON/);
    expect(fake.totalRequests()).toBe(1);
  });

  it('calls a page with a transaction missing its status malformed, using none of it', async () => {
    mineReceipts(fake, 'a', 3, 10);
    fake.fail({ type: 'wrong-shape' });
    const { client } = esploraClient({ baseUrl: fake.baseUrl });

    const error = await explorerFailure(client.addressTxsChain(wallet));

    expect(error.kind).toBe('malformed');
    expect(error.message).toMatch(/shape we do not understand/);
  });

  it('times out a hanging answer through AbortSignal and retries it', async () => {
    fake.setTip(5);
    fake.fail({ type: 'hang' });
    // Long enough that the retry answers in time on a busy machine.
    const { client } = esploraClient({ baseUrl: fake.baseUrl, timeoutMs: 1000 });

    expect(await client.tipHeight()).toBe(5);
    expect(fake.count('/blocks/tip/height')).toBe(2);
  });

  it('says how long it waited when the explorer never answers', async () => {
    fake.fail({ type: 'hang' }, 2);
    const { client } = esploraClient({ baseUrl: fake.baseUrl, timeoutMs: 150, retry: { maxAttempts: 2 } });

    const error = await explorerFailure(client.tipHeight());

    expect(error).toMatchObject({ kind: 'unreachable', attempts: 2 });
    expect(error.message).toMatch(/did not answer in 150 ms \(tried 2 times\)\.$/);
  });

  it('says the explorer could not be reached when nothing listens', async () => {
    const { client } = esploraClient({
      baseUrl: `${await closedLoopbackUrl()}/api`,
      retry: { maxAttempts: 2 },
    });
    const error = await explorerFailure(client.tipHeight());
    expect(error.kind).toBe('unreachable');
    expect(error.message).toMatch(/could not be reached \(tried 2 times\)/);
  });

  it('stops at once when the caller cancels', async () => {
    fake.fail({ type: 'hang' });
    const { client } = esploraClient({ baseUrl: fake.baseUrl, timeoutMs: 5000 });
    const controller = new AbortController();
    const call = client.tipHeight({ signal: controller.signal });
    setTimeout(() => controller.abort(new Error('shutting down')), 50);
    await expect(call).rejects.toThrow('shutting down');
    expect(fake.count('/blocks/tip/height')).toBe(1);
  });
});

describe('budget', () => {
  it('spaces requests at the budget rate on the injected clock', async () => {
    fake.setTip(1);
    const { client, time } = esploraClient({ baseUrl: fake.baseUrl, requestsPerSecond: 4 });

    await Promise.all(Array.from({ length: 12 }, () => client.tipHeight()));

    expect(fake.count('/blocks/tip/height')).toBe(12);
    expect(time.elapsed()).toBe(2750);
  });
});
