import { join } from 'node:path';
import type { Mailer, MailLogger } from './mailer.ts';
import { createOutboxMailer } from './outbox-mailer.ts';
import { createSmtpMailer } from './smtp-mailer.ts';

export type { Mailer, MailLogger, MailMessage } from './mailer.ts';
export { createOutboxMailer, type OutboxMail } from './outbox-mailer.ts';
export { createSmtpMailer } from './smtp-mailer.ts';

export function createMailer(options: {
  smtpUrl: string | undefined;
  from: string;
  dataDir: string;
  logger?: MailLogger;
}): Mailer {
  if (options.smtpUrl) return createSmtpMailer({ url: options.smtpUrl, from: options.from });
  return createOutboxMailer({
    dir: join(options.dataDir, 'outbox'),
    from: options.from,
    logger: options.logger,
  });
}
