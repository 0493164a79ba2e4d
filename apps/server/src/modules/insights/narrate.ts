import { Readable } from 'node:stream';
import { type InsightCard, insightMessages, type NarrateEvent } from '@app/contracts';
import { narrationMessages, unverifiedNumbers } from '@app/core';
import {
  LlmError,
  type LlmFailure,
  type LlmSettings,
  streamChat,
} from '../../integrations/llm/openai-compatible.ts';

const failureMessages: Record<LlmFailure, string> = {
  down: insightMessages.llmDown,
  timeout: insightMessages.llmTimeout,
  busy: insightMessages.llmBusy,
  garbage: insightMessages.llmGarbage,
};

const frame = (event: NarrateEvent) => `data: ${JSON.stringify(event)}\n\n`;

/**
 * The narrate response body: our own event stream of text deltas, then `done` with the numbers
 * the narrative wrote that the payload does not contain, or `error` with a plain message. Every
 * LLM failure ends as an `error` event inside a 200 stream: the model is optional, so its faults
 * are never the server's 5xx, and the cards on the page stay as they are.
 */
export function narrationStream(
  settings: LlmSettings,
  payload: string,
  cards: readonly InsightCard[],
  log: { warn(object: Record<string, unknown>, message: string): void },
): Readable {
  const abort = new AbortController();
  async function* events(): AsyncGenerator<string> {
    if (cards.length === 0) {
      yield frame({ type: 'error', message: insightMessages.emptyPortfolio });
      return;
    }
    let text = '';
    try {
      for await (const delta of streamChat(settings, narrationMessages(payload), abort.signal)) {
        text += delta;
        yield frame({ type: 'delta', text: delta });
      }
      yield frame({ type: 'done', unverified: unverifiedNumbers(text, payload) });
    } catch (error) {
      const kind: LlmFailure = error instanceof LlmError ? error.kind : 'down';
      log.warn({ kind, err: error instanceof Error ? error.message : String(error) }, 'narration failed');
      yield frame({ type: 'error', message: failureMessages[kind] });
    }
  }
  const stream = Readable.from(events());
  // A client that goes away stops the upstream request too.
  stream.on('close', () => abort.abort());
  return stream;
}
