import { createTransport } from 'nodemailer';
import type { Mailer } from './mailer.ts';

export function createSmtpMailer(options: { url: string; from: string }): Mailer {
  const transport = createTransport(options.url);
  return {
    async send(message) {
      await transport.sendMail({ from: options.from, ...message });
    },
    async close() {
      transport.close();
    },
  };
}
