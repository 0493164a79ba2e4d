import { parseExtendedPublicKey } from '@app/core/wallets';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ExplorerError } from '../../integrations/chain-http/index.ts';
import { esploraClient } from '../../integrations/esplora/test/esplora-setup.ts';
import { buildTx } from '../../integrations/esplora/test/esplora-tx-builder.ts';
import { type FakeEsplora, startFakeEsplora } from '../../integrations/esplora/test/fake-esplora.ts';
import { type BitcoinWalletSource, readBitcoinWallet } from './bitcoin-wallet-reader.ts';

// BIP 84's account key for the mnemonic "abandon … about": its addresses are published.
const zpub =
  'zpub6rFR7y4Q2AijBEqTUquhVz398htDFrtymD9xYYfG1m4wAcvPhXNfE3EfH1r1ADqtfSdVCToUG868RvUUkgDKf31mGDtKsAYz2oz2AGutZYs';
const parsed = parseExtendedPublicKey(zpub);
if (!parsed.ok) throw new Error(parsed.message);
const key = parsed.value;
const receive = (i: number) => key.address('receive', i);
const change = (i: number) => key.address('change', i);
const shop = 'bc1qshopxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx';
const source: BitcoinWalletSource = { value: zpub, form: 'key', scriptType: 'p2wpkh', gapLimit: 20 };

let fake: FakeEsplora;
beforeAll(async () => {
  fake = await startFakeEsplora();
});
afterAll(async () => {
  await fake?.close();
});
beforeEach(() => {
  fake.clear();
  fake.resetCounts();
});

/**
 * A wallet's life: paid at receive 0 and, after 14 addresses handed out but never paid, at
 * receive 15; it pays a shop with change to change 0, then moves everything to receive 16 (a
 * consolidation between its own addresses, which costs only the fee).
 */
function seedWallet(): void {
  fake.addTxs(100, [buildTx({ label: 'pay-0', outputs: [{ address: receive(0), value: 50_000_000 }] })]);
  fake.addTxs(101, [buildTx({ label: 'pay-15', outputs: [{ address: receive(15), value: 20_000_000 }] })]);
  fake.addTxs(102, [
    buildTx({
      label: 'spend',
      inputs: [{ address: receive(0), value: 50_000_000 }],
      outputs: [
        { address: shop, value: 10_000_000 },
        { address: change(0), value: 39_990_000 },
      ],
    }),
  ]);
  fake.addTxs(103, [
    buildTx({
      label: 'consolidate',
      inputs: [
        { address: receive(15), value: 20_000_000 },
        { address: change(0), value: 39_990_000 },
      ],
      outputs: [{ address: receive(16), value: 59_980_000 }],
    }),
  ]);
}

describe('reading a Bitcoin wallet from its zpub', () => {
  it('finds an address used after 14 unused ones, nets change and consolidation, books the fees', async () => {
    seedWallet();
    const { client } = esploraClient({ baseUrl: fake.baseUrl });
    const seen: number[] = [];
    const read = await readBitcoinWallet({
      client,
      source,
      cursor: {},
      onProgress: (p) => seen.push(p.addresses_scanned),
    });
    expect(read.cursor.highestUsed).toEqual({ receive: 16, change: 0 });
    expect(read.progress.transactions_found).toBe(4);
    // Receive: 17 looked up to reach index 16, then 20 unused; change: 1 used, then 20 unused.
    expect(read.progress.addresses_scanned).toBe(17 + 20 + 1 + 20);
    expect(seen.at(-1)).toBe(read.progress.addresses_scanned);

    const movements = read.history.confirmed.flatMap((t) =>
      t.movements.map((m) => [m.kind, m.quantity, m.outside_id]),
    );
    expect(movements).toEqual([
      ['receive', '0.50000000', expect.stringMatching(/:0$/)],
      ['receive', '0.20000000', expect.stringMatching(/:0$/)],
      ['send', '0.10000000', expect.stringMatching(/:0$/)],
      ['fee', '0.00010000', expect.stringMatching(/:fee$/)],
      ['fee', '0.00010000', expect.stringMatching(/:fee$/)],
    ]);
    expect(read.history.pending).toEqual([]);
    // What the chain says the wallet holds equals what the movements add up to.
    expect(read.chainBalance).toBe('0.59980000');
    expect(read.reorganised).toBe(false);
  });

  it('asks no address outside the key and, on a second read, adds nothing', async () => {
    seedWallet();
    const { client } = esploraClient({ baseUrl: fake.baseUrl });
    const first = await readBitcoinWallet({ client, source, cursor: {} });
    fake.resetCounts();
    const again = await readBitcoinWallet({ client, source, cursor: first.cursor });
    expect(again.history.confirmed).toEqual([]);
    expect(again.chainBalance).toBe(first.chainBalance);
    // Each used address's stats and the gap past the known indexes are asked again, and the
    // wallet's newest transaction is looked at once (no reorganisation under it): an address
    // whose count is unchanged is not paged, and one with nothing in the mempool not asked for it.
    expect(fake.count('/address/:address/txs/chain/:last_seen_txid')).toBe(0);
    expect(fake.count('/address/:address/txs/chain')).toBe(0);
    expect(fake.count('/address/:address/txs')).toBe(0);
    expect(fake.count('/tx/:txid')).toBe(1);
    expect(fake.totalRequests()).toBe(fake.count('/address/:address') + 1);
  });

  it('reads an address again when its count moved, and every address when the newest block changed', async () => {
    seedWallet();
    const { client } = esploraClient({ baseUrl: fake.baseUrl });
    const first = await readBitcoinWallet({ client, source, cursor: {} });
    // A new payment to an address already known: only that one is paged again.
    const late = buildTx({ label: 'late-pay-0', outputs: [{ address: receive(0), value: 7_000 }] });
    fake.addTxs(500, [late]);
    fake.resetCounts();
    const second = await readBitcoinWallet({ client, source, cursor: first.cursor });
    expect(second.history.confirmed.map((t) => t.txid)).toEqual([late.txid]);
    expect(fake.count('/address/:address/txs/chain')).toBe(1);
    expect(second.reorganised).toBe(false);

    // The block holding the wallet's newest transaction is replaced: the read says so.
    fake.reorg({ fromHeight: 500 });
    const third = await readBitcoinWallet({ client, source, cursor: second.cursor });
    expect(third.reorganised).toBe(true);
  });

  it('keeps an unconfirmed payment pending, and books it once it confirms', async () => {
    seedWallet();
    const { client } = esploraClient({ baseUrl: fake.baseUrl });
    const first = await readBitcoinWallet({ client, source, cursor: {} });
    const incoming = buildTx({ label: 'incoming', outputs: [{ address: receive(16), value: 1_000 }] });
    fake.addTxs(null, [incoming]);
    const pending = await readBitcoinWallet({ client, source, cursor: first.cursor });
    expect(pending.history.confirmed).toEqual([]);
    expect(pending.history.pending.map((t) => t.txid)).toEqual([incoming.txid]);
    fake.clear();
    seedWallet();
    fake.addTxs(104, [incoming]);
    const confirmed = await readBitcoinWallet({ client, source, cursor: pending.cursor });
    expect(confirmed.history.confirmed.map((t) => t.txid)).toEqual([incoming.txid]);
    expect(confirmed.history.pending).toEqual([]);
  });

  it('fails whole on an explorer outage: nothing half-read comes back', async () => {
    seedWallet();
    const { client } = esploraClient({ baseUrl: fake.baseUrl, retry: { maxAttempts: 1 } });
    fake.fail({ type: 'status', status: 503 }, 1, '/address/:address/txs/chain');
    await expect(readBitcoinWallet({ client, source, cursor: {} })).rejects.toBeInstanceOf(ExplorerError);
  });

  it('reads a single address without any gap scan', async () => {
    seedWallet();
    const { client } = esploraClient({ baseUrl: fake.baseUrl });
    const read = await readBitcoinWallet({
      client,
      source: { value: receive(15), form: 'address', scriptType: null, gapLimit: null },
      cursor: {},
    });
    expect(read.progress.addresses_scanned).toBe(1);
    expect(read.cursor.highestUsed).toBeUndefined();
    expect(read.history.confirmed.map((t) => t.net)).toEqual(['0.20000000', '-0.20000000']);
    expect(read.chainBalance).toBe('0.00000000');
  });
});
