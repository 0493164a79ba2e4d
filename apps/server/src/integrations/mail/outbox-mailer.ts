import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Mailer, MailLogger, MailMessage } from './mailer.ts';

export interface OutboxMail extends MailMessage {
  from: string;
  date: string;
}

/** The recipient of an outbox file, or null when the file is not one of ours (or unreadable). */
async function recipientOf(path: string): Promise<string | null> {
  try {
    const parsed: unknown = JSON.parse(await readFile(path, 'utf8'));
    if (typeof parsed !== 'object' || parsed === null || !('to' in parsed)) return null;
    return typeof parsed.to === 'string' ? parsed.to : null;
  } catch {
    return null;
  }
}

/**
 * Without SMTP the product still works on a fresh machine: each message becomes a JSON
 * file an operator can open. The log names the file, never the link, so tokens stay out of logs.
 */
export function createOutboxMailer(options: { dir: string; from: string; logger?: MailLogger }): Mailer {
  return {
    async send(message) {
      await mkdir(options.dir, { recursive: true, mode: 0o700 });
      const date = new Date();
      const name = `${date.toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.json`;
      const path = join(options.dir, name);
      const mail: OutboxMail = { ...message, from: options.from, date: date.toISOString() };
      await writeFile(path, `${JSON.stringify(mail, null, 2)}\n`, { mode: 0o600 });
      options.logger?.info({ path }, `mail written to outbox: ${path}`);
    },

    // The outbox holds a deleted account's links and alert mail in the clear: they go with it.
    async forget(address) {
      let names: string[];
      try {
        names = (await readdir(options.dir)).filter((name) => name.endsWith('.json'));
      } catch {
        return 0;
      }
      const wanted = address.trim().toLowerCase();
      let removed = 0;
      for (const name of names) {
        const path = join(options.dir, name);
        if ((await recipientOf(path))?.trim().toLowerCase() !== wanted) continue;
        await rm(path, { force: true });
        removed += 1;
      }
      return removed;
    },
  };
}
