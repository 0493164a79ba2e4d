import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Mailer, MailLogger, MailMessage } from './mailer.ts';

export interface OutboxMail extends MailMessage {
  from: string;
  date: string;
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
  };
}
