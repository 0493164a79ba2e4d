import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { open, stat } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import { createGunzip } from 'node:zlib';
import {
  BackupError,
  type BackupHeader,
  type BackupTable,
  backupFormatName,
  backupFormatVersion,
  backupHeaderSchema,
  maxHeaderBytes,
} from './backup-format.ts';

export interface OpenedBackup {
  path: string;
  header: BackupHeader;
  /** Where the body starts in the file. */
  bodyOffset: number;
}

function notOurs(path: string): BackupError {
  return new BackupError(`${path} is not a backup of this app (its first line is not a backup header).`);
}

async function readHeaderLine(path: string): Promise<{ text: string; bodyOffset: number }> {
  const file = await open(path, 'r').catch((error: unknown) => {
    throw new BackupError(`Cannot read ${path}: ${error instanceof Error ? error.message : String(error)}`);
  });
  try {
    const buffer = Buffer.alloc(Math.min(maxHeaderBytes, 64 * 1024));
    const chunks: Buffer[] = [];
    let total = 0;
    for (;;) {
      const { bytesRead } = await file.read(buffer, 0, buffer.length, total);
      if (bytesRead === 0) throw notOurs(path);
      const chunk = buffer.subarray(0, bytesRead);
      const newline = chunk.indexOf(0x0a);
      if (newline >= 0) {
        chunks.push(Buffer.from(chunk.subarray(0, newline)));
        return { text: Buffer.concat(chunks).toString('utf8'), bodyOffset: total + newline + 1 };
      }
      chunks.push(Buffer.from(chunk));
      total += bytesRead;
      if (total >= maxHeaderBytes) throw notOurs(path);
    }
  } finally {
    await file.close();
  }
}

function parseHeader(path: string, text: string): BackupHeader {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw notOurs(path);
  }
  if (
    typeof json !== 'object' ||
    json === null ||
    (json as { format?: unknown }).format !== backupFormatName
  ) {
    throw notOurs(path);
  }
  const version = (json as { formatVersion?: unknown }).formatVersion;
  if (typeof version === 'number' && version > backupFormatVersion) {
    throw new BackupError(
      `${path} is a backup of format ${version}, newer than this version reads (${backupFormatVersion}); restore it with a newer version of the app.`,
    );
  }
  const parsed = backupHeaderSchema.safeParse(json);
  if (!parsed.success || parsed.data.formatVersion !== backupFormatVersion) {
    throw new BackupError(`${path} has a damaged backup header.`);
  }
  return parsed.data;
}

/** Streams the body's rows: each table's JSON lines in the header's order, checking the counts. */
export async function* backupRows(
  backup: OpenedBackup,
): AsyncGenerator<{ table: BackupTable; line: string }> {
  const lines = createInterface({
    input: createReadStream(backup.path, { start: backup.bodyOffset }).pipe(createGunzip()),
    crlfDelay: Number.POSITIVE_INFINITY,
  });
  const iterator = lines[Symbol.asyncIterator]();
  try {
    for (const table of backup.header.tables) {
      for (let i = 0; i < table.rows; i++) {
        const next = await iterator.next();
        if (next.done) throw new BackupError(`${backup.path} ends before the rows of ${table.name} do.`);
        yield { table, line: next.value };
      }
    }
    if (!(await iterator.next()).done)
      throw new BackupError(`${backup.path} holds more rows than its header says.`);
  } catch (error) {
    if (error instanceof BackupError) throw error;
    throw new BackupError(
      `${backup.path} is damaged: ${error instanceof Error ? error.message : String(error)}`,
    );
  } finally {
    lines.close();
  }
}

/**
 * Reads the whole file before anything is restored: the header must be ours and of a version
 * this app reads, the body must have its recorded size and checksum (a truncated or altered
 * file fails here), and it must unpack into exactly the rows the header counts.
 */
export async function openBackup(path: string): Promise<OpenedBackup> {
  const { text, bodyOffset } = await readHeaderLine(path);
  const header = parseHeader(path, text);
  const size = (await stat(path)).size;
  if (size - bodyOffset !== header.body.bytes) {
    throw new BackupError(
      `${path} is incomplete or damaged: its body is ${size - bodyOffset} bytes, the header says ${header.body.bytes}.`,
    );
  }
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path, { start: bodyOffset })) hash.update(chunk as Buffer);
  if (hash.digest('hex') !== header.body.sha256) {
    throw new BackupError(`${path} is damaged: its checksum does not match its header.`);
  }
  const backup = { path, header, bodyOffset };
  for await (const _ of backupRows(backup)) {
    // Counting only: every row must be there before the first one is written anywhere.
  }
  return backup;
}
