import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** How the fake answers the next completion requests (tests set it per case). */
export type FakeBehaviour =
  | { kind: 'stream'; chunks: string[] }
  | { kind: 'json'; content: string }
  | { kind: 'status'; status: number }
  | { kind: 'garbage' }
  | { kind: 'hang' };

export interface RecordedRequest {
  path: string;
  authorization: string | undefined;
  body: { model?: string; stream?: boolean; messages?: { role: string; content: string }[] };
}

/**
 * An OpenAI-compatible chat completions server on 127.0.0.1: POST /v1/chat/completions with
 * `stream: true` answers server-sent events, one `chat.completion.chunk` per delta, then
 * `data: [DONE]` — the wire format of OpenAI, Ollama and llama.cpp.
 */
export async function startFakeOpenAi(): Promise<{
  url: string;
  requests: RecordedRequest[];
  behave(b: FakeBehaviour): void;
  close(): Promise<void>;
}> {
  let behaviour: FakeBehaviour = { kind: 'stream', chunks: ['Hello.'] };
  const requests: RecordedRequest[] = [];
  const hanging = new Set<ServerResponse>();

  async function handle(req: IncomingMessage, res: ServerResponse) {
    let raw = '';
    for await (const part of req) raw += String(part);
    if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
      res.writeHead(404).end();
      return;
    }
    requests.push({ path: req.url, authorization: req.headers.authorization, body: JSON.parse(raw) });
    const b = behaviour;
    if (b.kind === 'status') {
      res.writeHead(b.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message: 'Rate limit reached', type: 'rate_limit_error' } }));
      return;
    }
    if (b.kind === 'hang') {
      hanging.add(res);
      return;
    }
    if (b.kind === 'json') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          id: 'c1',
          object: 'chat.completion',
          choices: [{ index: 0, message: { role: 'assistant', content: b.content }, finish_reason: 'stop' }],
        }),
      );
      return;
    }
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    if (b.kind === 'garbage') {
      res.end('data: <html>oops</html>\n\n');
      return;
    }
    for (const content of b.chunks) {
      const chunk = {
        id: 'c1',
        object: 'chat.completion.chunk',
        created: 1,
        model: 'fake',
        choices: [{ index: 0, delta: { content }, finish_reason: null }],
      };
      res.write(`data: ${JSON.stringify(chunk)}\n\n`);
    }
    res.write(
      `data: ${JSON.stringify({ id: 'c1', object: 'chat.completion.chunk', choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] })}\n\n`,
    );
    res.end('data: [DONE]\n\n');
  }

  const server: Server = createServer((req, res) => {
    handle(req, res).catch(() => res.writeHead(500).end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    behave(b) {
      behaviour = b;
    },
    async close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
