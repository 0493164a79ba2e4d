import { chmodSync, unlinkSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import { isAbsolute, join } from 'node:path';
import { z } from 'zod';
import { BackupError } from './backup-format.ts';
import type { BackupRunner } from './backup-runner.ts';

/**
 * While a server holds a PGlite data folder nobody else may open it, so `npm run backup` asks
 * that server through this socket in the folder. Only who can reach the folder can reach the
 * socket (mode 0600): the same people who could copy the database anyway. It never listens
 * on a network address.
 */
export const backupSocketPath = (dataDir: string): string => join(dataDir, 'backup.sock');

/** The longest socket path Linux and macOS accept (sun_path less its terminator). */
const maxSocketPathBytes = 103;

const requestSchema = z.object({
  path: z.string().min(1).max(4096).refine(isAbsolute, 'must be absolute').optional(),
});

export interface BackupAnswer {
  path: string;
  bytes: number;
  schemaVersion: string;
  rows: number;
}

export interface BackupSocket {
  close(): Promise<void>;
}

function answer(res: import('node:http').ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

export async function listenForBackups(deps: {
  dataDir: string;
  runner: BackupRunner;
  logger: { warn(o: object, m: string): void; info(o: object, m: string): void };
}): Promise<BackupSocket | undefined> {
  const path = backupSocketPath(deps.dataDir);
  if (Buffer.byteLength(path) > maxSocketPathBytes) {
    deps.logger.warn(
      { path },
      'the backup socket path is too long for this system: npm run backup cannot reach this server (the scheduled backups still run)',
    );
    return undefined;
  }
  // This process holds the folder's lock, so a socket file left there is a dead server's.
  try {
    unlinkSync(path);
  } catch {
    // none was left
  }
  const server: Server = createServer((req, res) => {
    if (req.method !== 'POST' || req.url !== '/backup')
      return answer(res, 404, { error: 'POST /backup only' });
    let text = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => {
      text += chunk;
      if (text.length > 8192) req.destroy();
    });
    req.on('end', () => {
      let body: unknown;
      try {
        body = JSON.parse(text === '' ? '{}' : text);
      } catch {
        return answer(res, 400, { error: 'the request is not JSON' });
      }
      const parsed = requestSchema.safeParse(body);
      if (!parsed.success) return answer(res, 400, { error: 'path must be an absolute file path' });
      deps.runner.run(parsed.data.path ? { path: parsed.data.path } : {}).then(
        (result) => {
          const rows = result.header.tables.reduce((sum, t) => sum + t.rows, 0);
          deps.logger.info({ path: result.path, bytes: result.bytes, rows }, 'backup written');
          answer(res, 200, {
            path: result.path,
            bytes: result.bytes,
            schemaVersion: result.header.schemaVersion,
            rows,
          } satisfies BackupAnswer);
        },
        (error: unknown) => {
          const message = error instanceof Error ? error.message : String(error);
          deps.logger.warn({ error: message }, 'backup failed');
          answer(res, 409, { error: message });
        },
      );
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(path, () => {
      server.off('error', reject);
      resolve();
    });
  });
  chmodSync(path, 0o600);
  return {
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** Asks the server holding `dataDir` for a backup; resolves once the file is complete. */
export function requestBackup(dataDir: string, path?: string): Promise<BackupAnswer> {
  const socketPath = backupSocketPath(dataDir);
  return new Promise((resolve, reject) => {
    const req = request(
      { socketPath, method: 'POST', path: '/backup', headers: { 'content-type': 'application/json' } },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          text += chunk;
        });
        res.on('end', () => {
          let body: { error?: string } & Partial<BackupAnswer>;
          try {
            body = JSON.parse(text) as typeof body;
          } catch {
            return reject(
              new BackupError(
                `The server answered the backup request with something else: ${text.slice(0, 200)}`,
              ),
            );
          }
          if (res.statusCode === 200 && typeof body.path === 'string') return resolve(body as BackupAnswer);
          reject(new BackupError(body.error ?? `The server refused the backup (${res.statusCode}).`));
        });
        res.on('error', reject);
      },
    );
    req.on('error', (error: NodeJS.ErrnoException) => {
      reject(
        new BackupError(
          error.code === 'ENOENT' || error.code === 'ECONNREFUSED'
            ? `A server holds ${dataDir} but does not answer on ${socketPath}; wait for it to finish starting, or stop it and run the backup again.`
            : `The backup request to the server failed (${error.message}); no backup was written.`,
        ),
      );
    });
    req.end(JSON.stringify(path ? { path } : {}));
  });
}
