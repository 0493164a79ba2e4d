// Steady re-syncs of many idle connections, and the memory of one very large first read, through
// the real Esplora client and budget against the fake explorer on 127.0.0.1. Prints requests per
// connection beside the floor and the CPU the reads took; then the heap while a wallet with a very
// long history is read. Run: node --import tsx bench/wallet-idle.bench.ts
// Sizes: BENCH_IDLE_CONNECTIONS (1000), BENCH_BIG_TXS (50000), BENCH_BIG_ADDRESSES (500).
import { parseExtendedPublicKey } from '@app/core/wallets';
import { TokenBucketBudget } from '../apps/server/src/integrations/chain-http/token-bucket-budget.ts';
import { EsploraClient } from '../apps/server/src/integrations/esplora/esplora-client.ts';
import { buildTx } from '../apps/server/src/integrations/esplora/test/esplora-tx-builder.ts';
import { startFakeEsplora } from '../apps/server/src/integrations/esplora/test/fake-esplora.ts';
import { type BitcoinCursor, readBitcoinWallet } from '../apps/server/src/modules/connections/index.ts';

// BIP 84's published account key: its addresses are the test vectors' own.
const zpub =
  'zpub6rFR7y4Q2AijBEqTUquhVz398htDFrtymD9xYYfG1m4wAcvPhXNfE3EfH1r1ADqtfSdVCToUG868RvUUkgDKf31mGDtKsAYz2oz2AGutZYs';
const idleConnections = Number(process.env.BENCH_IDLE_CONNECTIONS ?? 1000);
const bigTxs = Number(process.env.BENCH_BIG_TXS ?? 50_000);
const bigAddresses = Number(process.env.BENCH_BIG_ADDRESSES ?? 500);

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
const cpuMs = (since: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1000;
};

export async function benchWalletIdle(): Promise<void> {
  const key = parseExtendedPublicKey(zpub);
  if (!key.ok) throw new Error(key.message);
  const fake = await startFakeEsplora();
  // The budget is not what is measured here: it lets every request through at once.
  const client = new EsploraClient({
    baseUrl: fake.baseUrl,
    budget: new TokenBucketBudget({ requestsPerSecond: 100_000, burst: 1000 }),
    timeoutMs: 30_000,
  });
  try {
    // Idle connections: one address each (change addresses of the key), a few payments each.
    const addresses = Array.from({ length: idleConnections }, (_, i) => key.value.address('change', i));
    addresses.forEach((address, i) => {
      for (let n = 0; n < 3; n++)
        fake.addTxs(100 + i, [
          buildTx({ label: `idle-${i}-${n}`, outputs: [{ address, value: 5_000 + n }] }),
        ]);
    });
    const cursors: BitcoinCursor[] = [];
    for (const address of addresses) {
      const source = { value: address, form: 'address' as const, scriptType: null, gapLimit: null };
      cursors.push((await readBitcoinWallet({ client, source, cursor: {} })).cursor);
    }
    fake.resetCounts();
    const cpu = process.cpuUsage();
    const started = performance.now();
    for (const [i, address] of addresses.entries()) {
      const source = { value: address, form: 'address' as const, scriptType: null, gapLimit: null };
      await readBitcoinWallet({ client, source, cursor: cursors[i] ?? {} });
    }
    const wallMs = performance.now() - started;
    const perConnection = fake.totalRequests() / idleConnections;
    console.log(`\nidle re-syncs (${idleConnections} single-address connections, nothing new)`);
    console.log(
      `  ${perConnection.toFixed(2)} requests per connection (floor 2: the address's stats and one look at its newest block), ${(cpuMs(cpu) / idleConnections).toFixed(2)} ms CPU per connection (this process: the reader and the fake explorer both), ${(wallMs / 1000).toFixed(1)} s in all`,
    );

    // One very large wallet read from nothing, heap sampled while it runs.
    fake.clear();
    const receive = Math.ceil(bigAddresses / 2);
    const big: string[] = [];
    for (let i = 0; i < receive; i++) big.push(key.value.address('receive', i));
    for (let i = 0; i < bigAddresses - receive; i++) big.push(key.value.address('change', i));
    for (let t = 0; t < bigTxs; t++) {
      const address = big[t % big.length] as string;
      fake.addTxs(100 + Math.floor(t / 50), [
        buildTx({ label: `big-${t}`, outputs: [{ address, value: 1_000 + t }] }),
      ]);
    }
    global.gc?.();
    const before = process.memoryUsage().heapUsed;
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().heapUsed);
    }, 20);
    fake.resetCounts();
    const bigStarted = performance.now();
    const read = await readBitcoinWallet({
      client,
      source: { value: zpub, form: 'key', scriptType: 'p2wpkh', gapLimit: 20 },
      cursor: {},
    });
    clearInterval(sampler);
    console.log(`\nfirst read of ${bigTxs} transactions over ${bigAddresses} addresses`);
    console.log(
      `  heap ${mb(before)} before (the fake explorer's chain included), peak ${mb(peak)} during the read; ${read.history.confirmed.length} transactions, ${fake.totalRequests()} requests, ${((performance.now() - bigStarted) / 1000).toFixed(1)} s`,
    );
  } finally {
    await fake.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchWalletIdle();
