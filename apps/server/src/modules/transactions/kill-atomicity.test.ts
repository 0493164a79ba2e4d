import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { bundleForChild, type ChildBundle } from '../../test/child-bundle.ts';
import { quoteIdent, withDatabase } from '../../test/postgres-urls.ts';
import '../../test/provided-context.ts';

/*
 * kill -9 inside a write: the CSV commit (through the one ledger write path) and the projection
 * plan replace. A child process opens the database the way the server does, starts the write
 * and, with the rows written but not committed, prints a kill point and waits; the test kills
 * it there (SIGKILL: no handler, no flush) and the next child, after the database's crash
 * recovery, reports what is stored. Every cycle must find all of the old state and none of the
 * new. Runs on whichever database the suite runs on (PGlite, or PostgreSQL with
 * TEST_DATABASE_URL).
 */

const cycles = Number(process.env.KILL_CYCLES ?? 20);
const childSource = fileURLToPath(new URL('../../test/kill-child.ts', import.meta.url));
// Bundled once so each cycle starts in well under a second instead of transpiling the module
// graph again.
let bundle: ChildBundle | undefined;
const killPoint = 'KILL-POINT inside the write';

interface Ids {
  user: string;
  portfolio: string;
  projection: string;
}
interface Stored {
  transactions: number;
  revision: number;
  sells: number;
  prices: number;
}

let target = '';
let ids: Ids;
let cleanup: () => Promise<void> = async () => {};

/** Starts a child; resolves with its printed lines once `until` appears (or it exits). */
function run(mode: string, until: string): Promise<{ process: ChildProcess; lines: string[] }> {
  const proc = spawn(process.execPath, [bundle?.path ?? '', target, mode], {
    env: { ...process.env, KILL_IDS: JSON.stringify(ids ?? {}) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  let errors = '';
  proc.stderr?.on('data', (chunk: Buffer) => {
    errors += chunk.toString();
  });
  return new Promise((resolve, reject) => {
    let buffer = '';
    proc.stdout?.on('data', (chunk: Buffer) => {
      buffer += chunk.toString();
      const parts = buffer.split('\n');
      buffer = parts.pop() ?? '';
      for (const line of parts) {
        lines.push(line);
        if (line.startsWith(until)) resolve({ process: proc, lines });
      }
    });
    proc.once('exit', (code) => {
      if (lines.some((l) => l.startsWith(until))) return;
      reject(new Error(`kill-child ${mode} exited ${code} before "${until}": ${errors}`));
    });
  });
}

async function killed(proc: ChildProcess): Promise<void> {
  const exited = new Promise((resolve) => proc.once('exit', resolve));
  proc.kill('SIGKILL');
  await exited;
}

function stored(lines: string[]): Stored {
  const line = lines.find((l) => l.startsWith('STATE '));
  if (!line) throw new Error(`no state in ${lines.join('\n')}`);
  const raw = JSON.parse(line.slice(6)) as Record<string, unknown>;
  return {
    transactions: Number(raw.transactions),
    revision: Number(raw.revision),
    sells: Number(raw.sells),
    prices: Number(raw.prices),
  };
}

beforeAll(async () => {
  bundle = await bundleForChild(childSource);
  const info = inject('testDatabase');
  if (info.kind === 'pglite') {
    const dir = await mkdtemp(join(tmpdir(), 'el-kill-'));
    target = `pglite:${join(dir, 'pglite')}`;
    // A killed child's database may still be closing files as the folder goes (CI: ENOTEMPTY).
    cleanup = () => rm(dir, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
  } else {
    // An empty database: the child migrates it, as a server does on first start.
    const name = `k_${randomBytes(6).toString('hex')}`;
    const admin = async (text: string) => {
      const client = new pg.Client({ connectionString: info.adminUrl });
      await client.connect();
      try {
        await client.query(text);
      } finally {
        await client.end();
      }
    };
    await admin(`create database ${quoteIdent(name)}`);
    target = withDatabase(info.adminUrl, name);
    cleanup = () => admin(`drop database if exists ${quoteIdent(name)} with (force)`);
  }
  const setup = await run('setup', 'IDS ');
  ids = JSON.parse(setup.lines.find((l) => l.startsWith('IDS '))?.slice(4) ?? '{}') as Ids;
}, 120_000);

afterAll(async () => {
  await cleanup();
  await bundle?.remove();
});

describe.each(['csv', 'projection'])('kill -9 inside the %s write', (mode) => {
  it(`keeps all of the old state and none of the new over ${cycles} kills`, async () => {
    const seen: Stored[] = [];
    for (let i = 0; i < cycles; i++) {
      const { process: proc, lines } = await run(mode, killPoint);
      seen.push(stored(lines));
      await killed(proc);
    }
    seen.push(stored((await run('report', 'STATE ')).lines));
    // The setup stored no transactions at revision 0 and a plan of 10 sells at one price.
    const first = seen[0];
    expect(first).toEqual({ transactions: 0, revision: first?.revision ?? 0, sells: 10, prices: 1 });
    for (const state of seen) expect(state).toEqual(first);
  }, 600_000);
});
