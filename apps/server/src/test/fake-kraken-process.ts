// A fake Kraken in a process of its own, serving the account a JSON file plans, for the
// end-to-end journeys' server to sync from:
//   node --import tsx apps/server/src/test/fake-kraken-process.ts <port> <account.json>
// The file lists the read-only keys it accepts and the account's plan.
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { readOnlyKrakenPermissions, startFakeKraken } from '../integrations/exchanges/test/fake-kraken.ts';
import { buildKrakenAccount, type KrakenAccountPlan } from '../integrations/exchanges/test/kraken-account.ts';

const funding = z.object({
  asset: z.string(),
  amount: z.string(),
  fee: z.string().optional(),
  time: z.string(),
  txid: z.string(),
  address: z.string(),
  method: z.string(),
  network: z.string().optional(),
});
const accountFile = z.object({
  keys: z.array(z.object({ label: z.string(), api_key: z.string(), secret: z.string() })).min(1),
  plan: z.object({
    trades: z
      .array(
        z.object({
          pair: z.string(),
          side: z.enum(['buy', 'sell']),
          vol: z.string(),
          price: z.string(),
          fee: z.string().optional(),
          time: z.string(),
        }),
      )
      .optional(),
    deposits: z.array(funding).optional(),
    withdrawals: z.array(funding).optional(),
  }),
});

const [portText, file] = process.argv.slice(2);
const port = Number(portText);
if (!Number.isInteger(port) || port <= 0 || !file)
  throw new Error('usage: fake-kraken-process.ts <port> <account.json>');
const parsed = accountFile.parse(JSON.parse(readFileSync(file, 'utf8')));
const plan: KrakenAccountPlan = parsed.plan;

const fake = await startFakeKraken({
  port,
  account: buildKrakenAccount(plan),
  keys: parsed.keys.map((k) => ({
    apiKey: k.api_key,
    secret: k.secret,
    permissions: readOnlyKrakenPermissions,
  })),
});
process.stdout.write(`fake Kraken on ${fake.url}\n`);

const stop = () => {
  void fake.close().finally(() => process.exit(0));
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
