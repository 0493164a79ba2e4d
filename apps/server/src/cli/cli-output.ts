import { ConfigError } from '../config.ts';
import { BackupError } from '../db/backup/backup-format.ts';
import { DataDirLockedError } from '../db/data-dir-lock.ts';
import { SecretsKeyError } from '../db/reseal-secrets.ts';

export function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

/** Refusals the operator can act on are printed as they are; anything else with its stack. */
export function failWith(error: unknown): never {
  if (
    error instanceof BackupError ||
    error instanceof ConfigError ||
    error instanceof DataDirLockedError ||
    error instanceof SecretsKeyError
  ) {
    fail(error.message);
  }
  fail(`Failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
}
