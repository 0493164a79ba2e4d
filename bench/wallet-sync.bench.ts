// A Bitcoin wallet's first read and its idle re-read, through the real Esplora client and its
// request budget against the fake explorer on 127.0.0.1 (the documented protocol): prints wall
// time and requests used beside the floor the budget allows, and the heap during the read.
// Run: node --import tsx bench/wallet-sync.bench.ts
// Sizes: BENCH_WALLET_TXS (5000), BENCH_WALLET_ADDRESSES (300), BENCH_WALLET_RPS (10).
import { parseExtendedPublicKey } from '@app/core/wallets';
import { TokenBucketBudget } from '../apps/server/src/integrations/chain-http/token-bucket-budget.ts';
import { EsploraClient } from '../apps/server/src/integrations/esplora/esplora-client.ts';
import { buildTx } from '../apps/server/src/integrations/esplora/test/esplora-tx-builder.ts';
import { startFakeEsplora } from '../apps/server/src/integrations/esplora/test/fake-esplora.ts';
import { readBitcoinWallet } from '../apps/server/src/modules/connections/index.ts';

// BIP 84's published account key: its addresses are the test vectors' own.
const zpub =
  'zpub6rFR7y4Q2AijBEqTUquhVz398htDFrtymD9xYYfG1m4wAcvPhXNfE3EfH1r1ADqtfSdVCToUG868RvUUkgDKf31mGDtKsAYz2oz2AGutZYs';
const txCount = Number(process.env.BENCH_WALLET_TXS ?? 5000);
const addressCount = Number(process.env.BENCH_WALLET_ADDRESSES ?? 300);
const requestsPerSecond = Number(process.env.BENCH_WALLET_RPS ?? 10);
const gap = 20;
const page = 25;

function mb(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(0)} MB`;
}

export async function benchWalletSync(): Promise<void> {
  const key = parseExtendedPublicKey(zpub);
  if (!key.ok) throw new Error(key.message);
  const fake = await startFakeEsplora();
  try {
    // Half the used addresses on each chain; payments spread over them, ten to a block.
    const receive = Math.ceil(addressCount / 2);
    const addresses: string[] = [];
    for (let i = 0; i < receive; i++) addresses.push(key.value.address('receive', i));
    for (let i = 0; i < addressCount - receive; i++) addresses.push(key.value.address('change', i));
    const perAddress = new Map<string, number>();
    for (let t = 0; t < txCount; t++) {
      const address = addresses[t % addresses.length] as string;
      perAddress.set(address, (perAddress.get(address) ?? 0) + 1);
      fake.addTxs(100 + Math.floor(t / 10), [
        buildTx({ label: `bench-${t}`, outputs: [{ address, value: 10_000 + t }] }),
      ]);
    }
    // The least any reader can ask: each used address's stats and its history in pages of 25
    // (the first page comes with the mempool), and the gap past the last used one on each chain.
    let floor = 2 * gap;
    for (const n of perAddress.values()) floor += 1 + Math.max(1, Math.ceil(n / page));

    const client = new EsploraClient({
      baseUrl: fake.baseUrl,
      budget: new TokenBucketBudget({ requestsPerSecond, burst: 1 }),
      timeoutMs: 10_000,
    });
    const source = { value: zpub, form: 'key' as const, scriptType: 'p2wpkh' as const, gapLimit: gap };
    let peakHeap = 0;
    const sampler = setInterval(() => {
      peakHeap = Math.max(peakHeap, process.memoryUsage().heapUsed);
    }, 50);

    fake.resetCounts();
    const started = performance.now();
    const first = await readBitcoinWallet({ client, source, cursor: {} });
    const firstMs = performance.now() - started;
    const firstRequests = fake.totalRequests();

    fake.resetCounts();
    const again = performance.now();
    const idle = await readBitcoinWallet({ client, source, cursor: first.cursor });
    const idleMs = performance.now() - again;
    const idleRequests = fake.totalRequests();
    clearInterval(sampler);

    const found = first.history.confirmed.length;
    console.log(
      `\nwallet sync (Bitcoin zpub, ${txCount} txs over ${addressCount} addresses, ${requestsPerSecond} req/s budget)`,
    );
    console.log(
      `  first read   ${(firstMs / 1000).toFixed(1)} s, ${firstRequests} requests (floor ${floor}, ${(floor / requestsPerSecond).toFixed(1)} s at the budget), ${found} transactions`,
    );
    console.log(
      `  idle re-read ${(idleMs / 1000).toFixed(1)} s, ${idleRequests} requests (floor ${addressCount + 2 * gap + 1}: each used address's stats, the gap, and one look at the newest block), ${idle.history.confirmed.length} transactions`,
    );
    console.log(`  peak heap during both reads ${mb(peakHeap)}`);
  } finally {
    await fake.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchWalletSync();
