import { connect } from 'node:net';
import { errorEnvelopeSchema } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';

let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  port = typeof address === 'object' && address !== null ? address.port : 0;
});
afterAll(async () => {
  await t?.close();
});

/** Sends raw bytes and reads the whole answer: these requests never reach Fastify's inject. */
function raw(bytes: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port });
    let answer = '';
    socket.on('data', (d) => {
      answer += d.toString();
    });
    socket.on('end', () => resolve(answer));
    socket.on('error', reject);
    socket.write(bytes);
  });
}

const parse = (answer: string) => {
  const [head = '', body = ''] = answer.split('\r\n\r\n');
  return { status: Number(head.split(' ')[1]), head, body: errorEnvelopeSchema.parse(JSON.parse(body)) };
};

describe('what the HTTP parser refuses', () => {
  it('answers headers over the limit with 431 in the error envelope', async () => {
    const answer = parse(
      await raw(`GET /api/v2/market/coins/ HTTP/1.1\r\nHost: x\r\nCookie: ${'a'.repeat(20_000)}\r\n\r\n`),
    );
    expect(answer.status).toBe(431);
    expect(answer.head).toMatch(/content-type: application\/json/i);
    expect(answer.body.error).toMatchObject({ code: 'headers_too_large', category: 'validation' });
  });

  it('answers bytes that are not HTTP with 400 in the error envelope', async () => {
    const answer = parse(await raw('HELLO THERE\r\n\r\n'));
    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatchObject({
      code: 'bad_request',
      message: 'The request is not valid HTTP.',
    });
    const badHeader = parse(await raw('GET / HTTP/1.1\r\nHost: x\r\nBad Header: y\r\n\r\n'));
    expect(badHeader.status).toBe(400);
    expect(badHeader.body.error.code).toBe('bad_request');
  });
});
