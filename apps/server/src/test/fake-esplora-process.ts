// A fake Esplora explorer in a process of its own, serving the wallet a JSON file describes, for
// the end-to-end journeys' server to sync from:
//   node --import tsx apps/server/src/test/fake-esplora-process.ts <port> <wallet.json>
// The file names an extended public key and the payments to its receive addresses.
import { readFileSync } from 'node:fs';
import { parseExtendedPublicKey } from '@app/core/wallets';
import { z } from 'zod';
import { buildTx } from '../integrations/esplora/test/esplora-tx-builder.ts';
import { startFakeEsplora } from '../integrations/esplora/test/fake-esplora.ts';

const walletFile = z.object({
  zpub: z.string(),
  payments: z.array(
    z.object({
      label: z.string(),
      index: z.number().int().nonnegative(),
      sats: z.number().int().positive(),
      height: z.number().int().positive(),
    }),
  ),
});

const [portText, file] = process.argv.slice(2);
const port = Number(portText);
if (!Number.isInteger(port) || port <= 0 || !file)
  throw new Error('usage: fake-esplora-process.ts <port> <wallet.json>');
const wallet = walletFile.parse(JSON.parse(readFileSync(file, 'utf8')));
const key = parseExtendedPublicKey(wallet.zpub);
if (!key.ok) throw new Error(key.message);

const fake = await startFakeEsplora({ port });
for (const payment of wallet.payments) {
  fake.addTxs(payment.height, [
    buildTx({
      label: payment.label,
      outputs: [{ address: key.value.address('receive', payment.index), value: payment.sats }],
    }),
  ]);
}
process.stdout.write(`fake Esplora on ${fake.baseUrl}\n`);

const stop = () => {
  void fake.close().finally(() => process.exit(0));
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
