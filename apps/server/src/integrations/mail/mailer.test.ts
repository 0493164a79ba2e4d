import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startFakeSmtpServer } from '../../test/fake-smtp-server.ts';
import { createMailer, createOutboxMailer } from './index.ts';

const dir = mkdtempSync(join(tmpdir(), 'el-mail-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('mailers', () => {
  it('delivers through SMTP to a server on 127.0.0.1', async () => {
    const smtp = await startFakeSmtpServer();
    try {
      const mailer = createMailer({
        smtpUrl: `smtp://127.0.0.1:${smtp.port}/?ignoreTLS=true`,
        from: 'Exit Liquidity <no-reply@example.com>',
        dataDir: dir,
      });
      await mailer.send({
        to: 'alice@example.com',
        subject: 'Hello there',
        text: 'Link: https://x.test/a?token=abc',
      });
      await mailer.close?.();
      expect(smtp.mails).toHaveLength(1);
      expect(smtp.mails[0]?.from).toBe('no-reply@example.com');
      expect(smtp.mails[0]?.to).toEqual(['alice@example.com']);
      expect(smtp.mails[0]?.data).toContain('Subject: Hello there');
      expect(smtp.mails[0]?.data).toContain('token=abc');
    } finally {
      await smtp.close();
    }
  });

  it('writes to the outbox and logs the path without the link', async () => {
    const lines: string[] = [];
    const outbox = join(dir, 'outbox');
    const mailer = createOutboxMailer({
      dir: outbox,
      from: 'x@example.com',
      logger: { info: (_o, m) => lines.push(m) },
    });
    await mailer.send({
      to: 'bob@example.com',
      subject: 'Reset',
      text: 'https://x.test/reset?token=secret-token',
    });
    const [file] = readdirSync(outbox);
    expect(JSON.parse(readFileSync(join(outbox, file ?? ''), 'utf8'))).toMatchObject({
      to: 'bob@example.com',
      subject: 'Reset',
    });
    expect(lines[0]).toMatch(/^mail written to outbox: /);
    expect(lines.join('\n')).not.toContain('secret-token');
  });
});
