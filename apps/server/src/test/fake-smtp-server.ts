import { createServer, type Server } from 'node:net';

export interface ReceivedMail {
  from: string;
  to: string[];
  data: string;
}

/** Speaks just enough SMTP (RFC 5321) for nodemailer: EHLO/HELO, MAIL, RCPT, DATA, RSET, NOOP, QUIT. */
export async function startFakeSmtpServer(): Promise<{
  port: number;
  mails: ReceivedMail[];
  close(): Promise<void>;
}> {
  const mails: ReceivedMail[] = [];
  const server: Server = createServer((socket) => {
    let buffer = '';
    let inData = false;
    let current: ReceivedMail = { from: '', to: [], data: '' };
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply('220 fake-smtp ready');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end === -1) return;
          current.data = buffer.slice(0, end).replace(/^\.\./gm, '.');
          buffer = buffer.slice(end + 5);
          inData = false;
          mails.push(current);
          current = { from: '', to: [], data: '' };
          reply('250 OK: queued');
          continue;
        }
        const lineEnd = buffer.indexOf('\r\n');
        if (lineEnd === -1) return;
        const line = buffer.slice(0, lineEnd);
        buffer = buffer.slice(lineEnd + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO') socket.write('250-fake-smtp\r\n250 8BITMIME\r\n');
        else if (verb === 'HELO') reply('250 fake-smtp');
        else if (verb === 'MAIL') {
          current.from =
            line
              .replace(/^MAIL FROM:\s*/i, '')
              .replace(/[<>]/g, '')
              .split(' ')[0] ?? '';
          reply('250 OK');
        } else if (verb === 'RCPT') {
          current.to.push(
            line
              .replace(/^RCPT TO:\s*/i, '')
              .replace(/[<>]/g, '')
              .split(' ')[0] ?? '',
          );
          reply('250 OK');
        } else if (verb === 'DATA') {
          inData = true;
          reply('354 End data with <CR><LF>.<CR><LF>');
        } else if (verb === 'RSET' || verb === 'NOOP') reply('250 OK');
        else if (verb === 'QUIT') {
          reply('221 Bye');
          socket.end();
          return;
        } else reply('502 Command not implemented');
      }
    });
    socket.on('error', () => {});
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (typeof address !== 'object' || address === null) throw new Error('no address');
  return {
    port: address.port,
    mails,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
