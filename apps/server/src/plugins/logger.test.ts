import { Writable } from 'node:stream';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { AccessLogController, loggerOptions, requestLoggerFactory } from './logger.ts';

interface LogLine {
  msg?: string;
  reqId?: string;
  method?: string;
  url?: string;
  statusCode?: number;
  responseTime?: number;
  form?: { password?: string };
}

let app: FastifyInstance | undefined;

afterEach(async () => {
  await app?.close();
  app = undefined;
});

async function appLogging(level: string): Promise<{ app: FastifyInstance; lines: LogLine[] }> {
  const lines: LogLine[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const text of chunk.toString('utf8').split('\n'))
        if (text.trim() !== '') lines.push(JSON.parse(text) as LogLine);
      done();
    },
  });
  const options = loggerOptions(level);
  const built = Fastify({
    logger: typeof options === 'object' ? { ...options, stream } : options,
    logController: new AccessLogController(),
    childLoggerFactory: requestLoggerFactory,
  });
  built.get('/plain', async () => ({ ok: true }));
  built.post('/form', async (request) => {
    const level = request.log.level;
    request.log.info({ form: request.body }, 'form received');
    return { ok: true, level };
  });
  app = built;
  return { app: built, lines };
}

describe('access log', () => {
  it('writes one completed line per request with its id, method, status and the URL without its secrets', async () => {
    const { app, lines } = await appLogging('info');
    await app.inject({ method: 'GET', url: '/plain?token=s3cret-value&page=2' });
    const access = lines.filter((l) => l.msg === 'request completed');
    expect(access).toHaveLength(1);
    expect(access[0]).toMatchObject({
      method: 'GET',
      url: '/plain?token=[redacted]&page=2',
      statusCode: 200,
    });
    expect(access[0]?.reqId).toMatch(/^req-/);
    expect(typeof access[0]?.responseTime).toBe('number');
    expect(lines.some((l) => l.msg === 'incoming request')).toBe(false);
    expect(JSON.stringify(lines)).not.toContain('s3cret-value');
  });

  it('still redacts secrets in the other lines a request writes', async () => {
    const { app, lines } = await appLogging('info');
    await app.inject({
      method: 'POST',
      url: '/form',
      payload: { email: 'a@b.test', password: 'hunter2-secret' },
    });
    const form = lines.find((l) => l.msg === 'form received');
    expect(form?.form?.password).toBe('[redacted]');
    expect(JSON.stringify(lines)).not.toContain('hunter2-secret');
    const access = lines.filter((l) => l.msg === 'request completed');
    expect(access).toHaveLength(1);
    // The request's own logger, made on its first line, is bound to the same request id.
    expect(form?.reqId).toMatch(/^req-/);
    expect(form?.reqId).toBe(access[0]?.reqId);
  });

  it("tells a request's level before its logger has written a line", async () => {
    const { app } = await appLogging('debug');
    const res = await app.inject({ method: 'POST', url: '/form', payload: {} });
    expect(res.json()).toEqual({ ok: true, level: 'debug' });
  });

  it('writes no access line above the info level', async () => {
    const { app, lines } = await appLogging('warn');
    await app.inject({ method: 'GET', url: '/plain' });
    expect(lines).toEqual([]);
  });

  it('never writes a personal access token, whatever the level', async () => {
    for (const level of ['trace', 'debug', 'info']) {
      const { app, lines } = await appLogging(level);
      const token = `elt_${'k'.repeat(43)}`;
      await app.inject({ method: 'GET', url: '/plain', headers: { authorization: `Bearer ${token}` } });
      await app.inject({ method: 'GET', url: '/missing', headers: { authorization: `Bearer ${token}` } });
      expect(lines.length, level).toBeGreaterThan(0);
      expect(JSON.stringify(lines), level).not.toContain(token);
      await app.close();
    }
  });
});
