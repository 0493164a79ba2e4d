import { z } from 'zod';

/** The first line of every backup names this, so a file of anything else is refused at once. */
export const backupFormatName = 'exit-liquidity-backup';
/** Raised when the file's own layout changes; a reader refuses a version it does not know. */
export const backupFormatVersion = 1;
/** Backups are files of this ending; the scheduled ones also start with `dailyBackupPrefix`. */
export const backupExtension = '.elbackup';
/** The header is one JSON line; a longer first line is not ours. */
export const maxHeaderBytes = 1024 * 1024;

const identifier = z.string().regex(/^[a-z_][a-z0-9_$]*$/, 'is not a plain SQL name');

const tableSchema = z.object({
  name: identifier,
  /** The columns the rows hold, in order (generated columns are left out: the database computes them). */
  columns: z.array(identifier).min(1),
  rows: z.number().int().min(0),
});

const sequenceSchema = z.object({
  name: identifier,
  /** Text, as bigint may pass 2^53. */
  lastValue: z.string().regex(/^-?\d+$/),
  isCalled: z.boolean(),
});

export const backupHeaderSchema = z.object({
  format: z.literal(backupFormatName),
  formatVersion: z.number().int(),
  /** The tag of the last migration the database had: the schema the rows belong to. */
  schemaVersion: z.string().regex(/^\d{4}_[a-z0-9_]+$/),
  createdAt: z.iso.datetime(),
  /** Which database the dump was taken from (informational: either restores into either). */
  source: z.enum(['pglite', 'postgres']),
  tables: z.array(tableSchema),
  sequences: z.array(sequenceSchema),
  /** The bytes after the header line: gzip of the rows, one JSON object a line, table after table. */
  body: z.object({
    encoding: z.literal('gzip'),
    bytes: z.number().int().min(0),
    sha256: z.string().regex(/^[0-9a-f]{64}$/),
  }),
});

export type BackupHeader = z.infer<typeof backupHeaderSchema>;
export type BackupTable = BackupHeader['tables'][number];
export type BackupSequence = BackupHeader['sequences'][number];

/** A backup or restore refused for a reason the operator can act on; the message says which. */
export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupError';
  }
}

/** `2026-11-21T03:00:00.123Z` → `20261121T030000Z`: sorts by time and is safe in any file system. */
export function backupStamp(at: Date): string {
  return at
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');
}

export const dailyBackupPrefix = 'daily-';
export const manualBackupPrefix = 'backup-';

export function backupFileName(prefix: string, at: Date): string {
  return `${prefix}${backupStamp(at)}${backupExtension}`;
}

/** SQL identifier quoting for names the catalog gave us (and the header schema checked). */
export function quoteName(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}
