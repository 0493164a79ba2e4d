import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { narrate, narratePromptQuery, useNarrationConsent } from '../api/insights-api';

/** The narrative with every number the payload does not contain marked as unverified. */
export function highlightUnverified(text: string, unverified: readonly string[]): ReactNode[] {
  if (unverified.length === 0) return [text];
  const escaped = [...unverified]
    .sort((a, b) => b.length - a.length)
    .map((u) => u.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  const pattern = new RegExp(`(?<![\\d.,])(${escaped.join('|')})(?![\\d]|[.,]\\d)`, 'g');
  const out: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(pattern)) {
    const at = match.index ?? 0;
    if (at > last) out.push(text.slice(last, at));
    out.push(
      <mark
        key={at}
        title="Not in the data sent: unverified"
        className="rounded bg-danger/20 px-0.5 text-danger"
      >
        {match[0]} <span className="text-[10px] uppercase">(unverified)</span>
      </mark>,
    );
    last = at + match[0].length;
  }
  if (last < text.length) out.push(text.slice(last));
  return out;
}

type State =
  | { step: 'idle' }
  | { step: 'review' }
  | { step: 'streaming'; text: string }
  | { step: 'done'; text: string; unverified: string[] }
  | { step: 'error'; text: string; message: string };

/**
 * "Summarise" (only when the server has an LLM configured). Before the first call the user sees
 * the exact text that will be sent and agrees once; "Copy prompt" gives the same text.
 */
export function NarrationPanel({ portfolioId, consented }: { portfolioId: string; consented: boolean }) {
  const client = useQueryClient();
  const [state, setState] = useState<State>({ step: 'idle' });
  const [copied, setCopied] = useState(false);
  const prompt = useQuery({ ...narratePromptQuery(portfolioId), enabled: state.step === 'review' });
  const abort = useRef<AbortController | null>(null);
  const consent = useNarrationConsent(portfolioId);

  async function run() {
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    let text = '';
    setState({ step: 'streaming', text });
    try {
      await narrate(
        portfolioId,
        (event) => {
          if (event.type === 'delta') {
            text += event.text;
            setState({ step: 'streaming', text });
          } else if (event.type === 'done') setState({ step: 'done', text, unverified: event.unverified });
          else setState({ step: 'error', text, message: event.message });
        },
        controller.signal,
      );
    } catch {
      setState({
        step: 'error',
        text,
        message: 'The summary could not be loaded. Your insight cards are unaffected.',
      });
    }
  }

  async function agree() {
    await consent.mutateAsync();
    await run();
  }

  async function copy() {
    const text = prompt.data?.prompt ?? (await client.fetchQuery(narratePromptQuery(portfolioId))).prompt;
    await navigator.clipboard?.writeText(text);
    setCopied(true);
  }

  return (
    <section aria-label="Summary" className="rounded-xl border border-line bg-surface p-4 text-sm">
      <div className="flex flex-wrap items-center gap-2">
        <Button
          variant="primary"
          disabled={state.step === 'streaming'}
          onClick={() => (consented ? void run() : setState({ step: 'review' }))}
        >
          Summarise
        </Button>
        <Button variant="secondary" onClick={() => void copy()}>
          {copied ? 'Prompt copied' : 'Copy prompt'}
        </Button>
        <span className="text-xs text-muted">
          A language model narrates these cards; it computes nothing.
        </span>
      </div>
      {state.step === 'review' && (
        <div role="dialog" aria-label="What will be sent" className="mt-3 space-y-2">
          <p>
            This exact text will be sent to the language model configured by your administrator: aggregates
            only, no ids, no transactions, no portfolio names or notes.
          </p>
          {prompt.isPending ? (
            <Spinner label="Preparing the prompt" />
          ) : (
            <pre className="max-h-72 overflow-auto whitespace-pre-wrap rounded-lg border border-line bg-bg p-3 text-xs">
              {prompt.data?.prompt ?? 'The prompt could not be prepared.'}
            </pre>
          )}
          <div className="flex gap-2">
            <Button variant="primary" disabled={!prompt.data} onClick={() => void agree()}>
              Agree and summarise
            </Button>
            <Button variant="secondary" onClick={() => setState({ step: 'idle' })}>
              Cancel
            </Button>
          </div>
        </div>
      )}
      {(state.step === 'streaming' || state.step === 'done' || state.step === 'error') && (
        <div className="mt-3 space-y-2" aria-live="polite">
          {state.text !== '' && (
            <p className="leading-relaxed">
              {state.step === 'done' ? highlightUnverified(state.text, state.unverified) : state.text}
            </p>
          )}
          {state.step === 'streaming' && state.text === '' && <Spinner label="Summarising" />}
          {state.step === 'done' && state.unverified.length > 0 && (
            <p className="text-xs text-danger">
              {state.unverified.length} number{state.unverified.length === 1 ? '' : 's'} not found in the data
              sent: treat {state.unverified.length === 1 ? 'it' : 'them'} as unverified.
            </p>
          )}
          {state.step === 'error' && (
            <p role="alert" className="text-warning">
              {state.message}
            </p>
          )}
        </div>
      )}
    </section>
  );
}
