/**
 * Streaming chat completions from any OpenAI-compatible server (OpenAI, a local Ollama or
 * llama.cpp): POST {base}/v1/chat/completions with `stream: true`, answered as server-sent
 * events whose `data:` lines carry JSON chunks and end with `data: [DONE]`.
 */

export interface LlmSettings {
  baseUrl: string;
  apiKey?: string | undefined;
  model?: string | undefined;
  /** No first byte within this time: give up (default 20 s). */
  firstByteTimeoutMs?: number;
  /** No new chunk within this time once streaming: give up (default 20 s). */
  idleTimeoutMs?: number;
}

export type LlmFailure = 'down' | 'timeout' | 'busy' | 'garbage';

export class LlmError extends Error {
  constructor(
    readonly kind: LlmFailure,
    detail: string,
  ) {
    super(detail);
    this.name = 'LlmError';
  }
}

export interface ChatMessage {
  role: 'system' | 'user';
  content: string;
}

/** Accepts a base with or without the trailing /v1 (both spellings are common in LLM tools). */
export function completionsUrl(baseUrl: string): string {
  const base = baseUrl.replace(/\/+$/, '');
  return base.endsWith('/v1') ? `${base}/chat/completions` : `${base}/v1/chat/completions`;
}

function contentOf(json: unknown, key: 'delta' | 'message'): string | null {
  if (typeof json !== 'object' || json === null) return null;
  const choices = (json as { choices?: unknown }).choices;
  if (!Array.isArray(choices)) return null;
  const first: unknown = choices[0];
  if (first === undefined) return '';
  if (typeof first !== 'object' || first === null) return null;
  const part = (first as Record<string, unknown>)[key];
  if (part === undefined) return '';
  if (typeof part !== 'object' || part === null) return null;
  const content = (part as { content?: unknown }).content;
  if (content === undefined || content === null) return '';
  return typeof content === 'string' ? content : null;
}

/** Yields the text deltas of one completion; throws LlmError for every kind of failure. */
export async function* streamChat(
  settings: LlmSettings,
  messages: readonly ChatMessage[],
  outerSignal?: AbortSignal,
): AsyncGenerator<string> {
  const controller = new AbortController();
  let timedOut = false;
  let timer: NodeJS.Timeout | undefined;
  const arm = (ms: number) => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, ms);
  };
  const onOuterAbort = () => controller.abort();
  outerSignal?.addEventListener('abort', onOuterAbort, { once: true });
  const idle = settings.idleTimeoutMs ?? 20_000;
  arm(settings.firstByteTimeoutMs ?? 20_000);
  const fail = (error: unknown): never => {
    if (error instanceof LlmError) throw error;
    if (timedOut) throw new LlmError('timeout', 'no answer in time');
    throw new LlmError('down', error instanceof Error ? error.message : String(error));
  };
  try {
    let response: Response;
    try {
      response = await fetch(completionsUrl(settings.baseUrl), {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'text/event-stream',
          ...(settings.apiKey ? { authorization: `Bearer ${settings.apiKey}` } : {}),
        },
        body: JSON.stringify({ model: settings.model ?? 'default', messages, stream: true }),
        signal: controller.signal,
      });
    } catch (error) {
      return fail(error);
    }
    if (response.status === 429) throw new LlmError('busy', 'rate limited');
    if (!response.ok) throw new LlmError('down', `status ${response.status}`);
    const type = response.headers.get('content-type') ?? '';
    if (!response.body) throw new LlmError('garbage', 'empty body');
    const decoder = new TextDecoder();
    if (!type.includes('text/event-stream')) {
      // A server that ignores `stream` answers one JSON completion: still a valid answer.
      let text = '';
      try {
        text = await response.text();
      } catch (error) {
        return fail(error);
      }
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch {
        throw new LlmError('garbage', 'not JSON');
      }
      const content = contentOf(json, 'message');
      if (!content) throw new LlmError('garbage', 'no message content');
      yield content;
      return;
    }
    let buffer = '';
    let produced = false;
    const reader = response.body.getReader();
    for (;;) {
      let chunk: Awaited<ReturnType<typeof reader.read>>;
      try {
        chunk = await reader.read();
      } catch (error) {
        return fail(error);
      }
      arm(idle);
      if (chunk.done) break;
      buffer += decoder.decode(chunk.value, { stream: true });
      let newline = buffer.indexOf('\n');
      while (newline !== -1) {
        const line = buffer.slice(0, newline).replace(/\r$/, '');
        buffer = buffer.slice(newline + 1);
        newline = buffer.indexOf('\n');
        if (!line.startsWith('data:')) continue;
        const data = line.slice(5).trim();
        if (data === '[DONE]') {
          if (!produced) throw new LlmError('garbage', 'no content');
          await reader.cancel().catch(() => undefined);
          return;
        }
        let json: unknown;
        try {
          json = JSON.parse(data);
        } catch {
          throw new LlmError('garbage', 'chunk is not JSON');
        }
        const content = contentOf(json, 'delta');
        if (content === null) throw new LlmError('garbage', 'chunk without choices');
        if (content !== '') {
          produced = true;
          yield content;
        }
      }
    }
    if (!produced) throw new LlmError('garbage', 'stream ended without content');
  } finally {
    clearTimeout(timer);
    outerSignal?.removeEventListener('abort', onOuterAbort);
  }
}
