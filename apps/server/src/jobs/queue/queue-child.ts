// A server-like process for job-queue-process.test.ts (bundled by the test).
//   queue-child <pglite-dump:path | postgres-url> exit | hold
// exit: runs one job, stops the queue, closes the database and prints STOPPED, then must end on
//   its own: nothing of the queue may keep the process alive.
// hold: prints HOLDING <job id> from inside a job that never ends, and waits to be killed.
import { readFile } from 'node:fs/promises';
import { type Database, openPglite, openPostgres } from '../../db/client.ts';
import { createJobQueue } from './create-job-queue.ts';

export const childQueue = { name: 'child', leaseSeconds: 2, retryDelaySeconds: 0, backoff: false } as const;

const [target = '', mode = 'exit'] = process.argv.slice(2);
const dumpPrefix = 'pglite-dump:';

/** PGlite from the tests' migrated template (a fresh in-memory one takes seconds to create). */
async function open(): Promise<Database> {
  if (!target.startsWith(dumpPrefix)) return openPostgres(target);
  const dump = await readFile(target.slice(dumpPrefix.length));
  return openPglite({ loadDataDir: new Blob([dump]) });
}

async function main(): Promise<void> {
  const database = await open();
  const queue = createJobQueue({ database, pollMs: 50, maintenanceSeconds: 1 });
  queue.define(childQueue.name, childQueue);
  let ran = () => {};
  const done = new Promise<void>((resolve) => {
    ran = resolve;
  });
  queue.work(childQueue.name, async (job) => {
    if (mode === 'hold') {
      process.stdout.write(`HOLDING ${job.id}\n`);
      await new Promise(() => {});
    }
    ran();
  });
  await queue.start();
  await queue.enqueue(childQueue.name, {}, { key: 'only' });
  await done;
  await queue.stop();
  await database.close();
  process.stdout.write('STOPPED\n');
}

if (process.argv[1]?.includes('queue-child')) await main();
