import { ExplorerError } from '../chain-http/explorer-error.ts';
import { excerpt } from '../chain-http/wording.ts';

/**
 * Etherscan answers HTTP 200 for its own errors and says what went wrong in the envelope:
 * `{"status":"0","message":"NOTOK","result":"<a sentence>"}`. An empty list is also status "0"
 * ("No transactions found"), which is not an error. This turns status "0" into either an empty
 * list or the ExplorerError a person can act on.
 */
export interface EnvelopeContext {
  endpoint: string;
  /** List actions treat "No transactions found" as an empty list. */
  list: boolean;
  /** Whether a key was sent, so a refusal can say "set it" or "check it". */
  keySent: boolean;
  now: number;
}

const noRecords = /^No (transactions|records|token transfers?) found/i;

export function interpretFailure(message: string, result: unknown, context: EnvelopeContext): unknown[] {
  const { endpoint } = context;
  if (context.list && noRecords.test(message) && (Array.isArray(result) || typeof result === 'string')) {
    return [];
  }
  if (typeof result !== 'string') {
    throw new ExplorerError({
      kind: 'malformed',
      message: 'Etherscan sent an error without saying what went wrong.',
      endpoint,
    });
  }
  const said = excerpt(result);
  // Before the key check: the keyless limit's sentence mentions an API key too.
  if (/rate limit/i.test(result)) {
    if (/daily|per day/i.test(result)) {
      // The daily allowance renews at midnight UTC; asking before then only burns requests.
      throw new ExplorerError({
        kind: 'rate_limited',
        message: "Etherscan's daily request allowance for this key is used up; it renews at midnight UTC.",
        endpoint,
        retryAfterMs: msUntilUtcMidnight(context.now),
      });
    }
    // The per-second limit answers no Retry-After; a second is the window it counts in.
    throw new ExplorerError({
      kind: 'rate_limited',
      message: `Etherscan asked us to slow down (it said "${said}").`,
      endpoint,
      retryAfterMs: 1000,
    });
  }
  if (/api[\s-]?key/i.test(result)) {
    throw new ExplorerError({
      kind: 'rejected',
      message: context.keySent
        ? `Etherscan did not accept the API key in ETHERSCAN_API_KEY (it said "${said}").`
        : 'Etherscan needs an API key: set ETHERSCAN_API_KEY.',
      endpoint,
    });
  }
  if (/timeout|timed out|try again later/i.test(result)) {
    throw new ExplorerError({
      kind: 'unreachable',
      message: `Etherscan could not answer in time (it said "${said}").`,
      endpoint,
    });
  }
  throw new ExplorerError({
    kind: 'rejected',
    message: `Etherscan refused the request (it said "${said}").`,
    endpoint,
  });
}

function msUntilUtcMidnight(now: number): number {
  const next = new Date(now);
  next.setUTCHours(24, 0, 0, 0);
  return next.getTime() - now;
}
