import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { bundleForChild, type ChildBundle } from '../../test/child-bundle.ts';
import { childQueue } from './queue-child.ts';
import {
  eventually,
  openQueueDatabase,
  type QueueTestDatabase,
  type RecordingLogger,
  recordingLogger,
  testQueue,
} from './queue-test-kit.ts';

const onServer = Boolean(process.env.TEST_DATABASE_URL);
const childSource = fileURLToPath(new URL('./queue-child.ts', import.meta.url));

interface Child {
  process: ChildProcess;
  lines: string[];
  exited: Promise<number | null>;
}

function startChild(bundle: ChildBundle, target: string, mode: 'exit' | 'hold'): Child {
  const child = spawn(process.execPath, [bundle.path, target, mode], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines: string[] = [];
  let partial = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    const text = partial + chunk.toString();
    const parts = text.split('\n');
    partial = parts.pop() ?? '';
    lines.push(...parts);
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { process: child, lines, exited };
}

describe(`the job queue in a server process (${onServer ? 'PostgreSQL' : 'PGlite'})`, () => {
  let bundle: ChildBundle;
  let db: QueueTestDatabase;
  let logger: RecordingLogger;

  beforeAll(async () => {
    bundle = await bundleForChild(childSource);
    db = await openQueueDatabase();
    logger = recordingLogger();
  });

  afterAll(async () => {
    await db?.dispose();
    await bundle?.remove();
  });

  it('lets the process end on its own once the queue is stopped and the database closed', async () => {
    // PGlite is the child's own copy of the template; on PostgreSQL it uses this file's database.
    const info = inject('testDatabase');
    const child = startChild(
      bundle,
      db.url ?? (info.kind === 'pglite' ? `pglite-dump:${info.dumpPath}` : ''),
      'exit',
    );
    // No process.exit in the child: it ends only when no timer or socket of the queue is left.
    expect(await child.exited).toBe(0);
    expect(child.lines).toContain('STOPPED');
  });

  // A PGlite folder belongs to one process, so only PostgreSQL has jobs that outlive their process.
  it.skipIf(!onServer)('runs a job again after the process running it was killed (kill -9)', async () => {
    const child = startChild(bundle, db.url ?? '', 'hold');
    const line = await eventually('the child to hold its job', () =>
      child.lines.find((l) => l.startsWith('HOLDING ')),
    );
    child.process.kill('SIGKILL');
    await child.exited;
    const id = line.slice('HOLDING '.length);

    const queue = testQueue(db.database, logger, { [childQueue.name]: childQueue });
    const attempts: number[] = [];
    queue.work(childQueue.name, async (job) => {
      attempts.push(job.attempt);
    });
    await queue.start();
    try {
      const done = await eventually('the killed job to run again', async () => {
        const job = await queue.getJob(childQueue.name, id);
        return job?.state === 'completed' ? job : undefined;
      });
      expect(done.attempts).toBe(2);
      expect(attempts).toEqual([2]);
    } finally {
      await queue.stop();
    }
    expect(logger.errors).toEqual([]);
  });
});
