import { errorCodes } from '@app/contracts';
import { type ApiError, apiErrorFromResponse, isApiError } from '@/lib/api/api-error';
import { apiFetch } from '@/lib/api/client';
import { withRetry } from '@/lib/api/retry';
import { describeWrite } from './describe-write';
import { type NewQueuedWrite, offlineDb, type QueuedWrite, type QueuedWriteError } from './offline-db';
import { emitOfflineChange } from './offline-events';

export interface WriteRequest {
  method: QueuedWrite['method'];
  path: string;
  body: unknown;
  /** Sent as `Idempotency-Key`, so a repeat of a write that reached the server is not applied twice. */
  idempotencyKey?: string;
}

/** A random key; `crypto.randomUUID` exists only in secure contexts (a LAN install may be plain http). */
function newWriteKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return `ow-${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

/** The replay's `send` as the app wires it: the client's fetch, with the write's idempotency key. */
export function sendQueuedWrite(write: WriteRequest): Promise<Response> {
  return apiFetch(write.path, {
    method: write.method,
    body: write.body,
    ...(write.idempotencyKey ? { headers: { 'Idempotency-Key': write.idempotencyKey } } : {}),
  });
}

/**
 * Keeps a write made offline in IndexedDB, so a reload or a closed tab does not lose
 * it. `owner` is the signed-in user who made it: only their session replays it.
 */
export async function queueWrite(
  request: WriteRequest & { owner: string },
  now: number = Date.now(),
): Promise<void> {
  const entry: NewQueuedWrite = {
    owner: request.owner,
    method: request.method,
    path: request.path,
    body: request.body ?? null,
    label: describeWrite(request.method, request.path, request.body),
    queuedAt: now,
    key: newWriteKey(),
    status: 'pending',
  };
  const db = await offlineDb();
  // The store's key generator adds `seq`.
  await db.add('writes', entry as QueuedWrite);
  emitOfflineChange();
}

/** This user's queued writes, oldest first. A write left in flight by a closed tab is `uncertain`. */
export async function listWrites(owner: string): Promise<QueuedWrite[]> {
  const db = await offlineDb();
  const all = await db.getAll('writes');
  return all
    .filter((w) => w.owner === owner)
    .map((w) => (w.status === 'sending' && !replaying ? { ...w, status: 'uncertain' as const } : w));
}

export async function discardWrite(seq: number): Promise<void> {
  const db = await offlineDb();
  await db.delete('writes', seq);
  emitOfflineChange();
}

/**
 * Drops the queued writes of everyone but `keep` (null: of everyone). A write can only be replayed
 * in its maker's session, so once that person has signed out of this browser (or another has
 * signed in) it is only their amounts and portfolio ids left where the next person can read them;
 * signing out is the maker's last word on a write still waiting.
 */
export async function forgetQueuedWrites(keep: string | null = null): Promise<void> {
  const db = await offlineDb();
  const tx = db.transaction('writes', 'readwrite');
  for (const write of await tx.store.getAll()) {
    if (write.owner !== keep) await tx.store.delete(write.seq);
  }
  await tx.done;
  emitOfflineChange();
}

/** The user's "Send again" on a refused or uncertain write: it rejoins the queue where it was. */
export async function retryWrite(seq: number): Promise<void> {
  const db = await offlineDb();
  const write = await db.get('writes', seq);
  if (write === undefined) return;
  const { error: _dropped, ...rest } = write;
  await db.put('writes', { ...rest, status: 'pending' });
  emitOfflineChange();
}

export interface ReplayDeps {
  /** One exchange with the API using the current CSRF token (the client's apiFetch). */
  send: (write: WriteRequest) => Promise<Response>;
  /** Fetches a fresh token bound to the current session (GET /auth/csrf/). */
  refreshCsrfToken: () => Promise<unknown>;
  /** The user the server's session belongs to now, or null when signed out. */
  sessionUserId: () => Promise<string | null>;
  /** Runs once when there is something to send, before the session check and the first write. */
  beforeSend?: () => Promise<unknown>;
  sleep?: (ms: number) => Promise<void>;
}

export interface ReplayReport {
  sent: number;
  rejected: number;
  /** Why the replay stopped before the end of the queue, if it did. */
  stopped: 'network' | 'session' | null;
}

let replaying = false;
let inFlight: Promise<unknown> | null = null;

/** Resolves once a replay running now has finished (at once when none is). */
export async function writesReplayed(): Promise<void> {
  await inFlight?.catch(() => {});
}

function errorOf(error: ApiError): QueuedWriteError {
  const fields = error.fieldErrors;
  return {
    code: error.code,
    message: error.message,
    status: error.status,
    ...(Object.keys(fields).length > 0 ? { fields } : {}),
  };
}

/**
 * Worth another attempt: no answer, a server error, or the server still handling an earlier
 * attempt of the same write (409 with Retry-After, from its Idempotency-Key). Any other 4xx
 * will answer the same way again.
 */
function transient(error: unknown): boolean {
  return isApiError(error) && (error.isNetwork || error.status >= 500 || error.status === 409);
}

/** Sends one write; a stale CSRF token is refreshed and the write sent once more. */
async function sendOnce(write: QueuedWrite, deps: ReplayDeps): Promise<Response> {
  const request: WriteRequest = {
    method: write.method,
    path: write.path,
    body: write.body ?? undefined,
    // The same key on every attempt, retries and "Send again" included.
    idempotencyKey: write.key ?? `ow-${write.owner}-${write.queuedAt}-${write.seq}`,
  };
  let response = await deps.send(request);
  if (response.status === 403) {
    const error = await apiErrorFromResponse(response.clone());
    if (error.code === errorCodes.csrfFailed) {
      await deps.refreshCsrfToken();
      response = await deps.send(request);
    }
  }
  if (response.status >= 500) throw await apiErrorFromResponse(response);
  // An earlier attempt of this write is still running on the server: ask again, don't call it refused.
  if (response.status === 409 && response.headers.has('Retry-After'))
    throw await apiErrorFromResponse(response);
  return response;
}

async function withReplayLock<T>(run: () => Promise<T>): Promise<T | null> {
  // Two tabs replaying one queue would send each write twice: one holder at a time.
  // (Web Locks exist only in secure contexts: elsewhere one tab's flag is all there is.)
  const locks = typeof navigator === 'undefined' ? undefined : (navigator.locks ?? undefined);
  if (!locks) return replaying ? null : run();
  return locks.request('exit-liquidity-offline-replay', { ifAvailable: true }, (lock) =>
    lock === null ? null : run(),
  );
}

/**
 * Replays this user's pending writes in the order they were made, each once. Network
 * failures and 5xx use the retry helper (3 attempts, 1 s, at most 10 s), then stop the
 * replay with the rest kept for the next time the network returns. A refusal (4xx: validation,
 * conflict, an oversell that became invalid) is kept beside the write for the user to see and
 * discard or send again; the replay goes on with the next. A lost session stops it, keeping all.
 */
export function replayWrites(owner: string, deps: ReplayDeps): Promise<ReplayReport | null> {
  const run = replayInOrder(owner, deps);
  inFlight = run;
  const settle = () => {
    if (inFlight === run) inFlight = null;
  };
  run.then(settle, settle);
  return run;
}

function replayInOrder(owner: string, deps: ReplayDeps): Promise<ReplayReport | null> {
  return withReplayLock(async () => {
    replaying = true;
    const report: ReplayReport = { sent: 0, rejected: 0, stopped: null };
    try {
      const db = await offlineDb();
      const queue = (await db.getAll('writes')).filter((w) => w.owner === owner && w.status === 'pending');
      if (queue.length === 0) return report;
      await deps.beforeSend?.();
      // Writes go only to the account that made them, whoever signed in since.
      if ((await deps.sessionUserId().catch(() => null)) !== owner) {
        report.stopped = 'session';
        return report;
      }
      await deps.refreshCsrfToken().catch(() => null);
      for (const write of queue) {
        // Marked before sending: if this tab dies mid-send, the write is shown as uncertain, not resent.
        await db.put('writes', { ...write, status: 'sending' });
        emitOfflineChange();
        let response: Response;
        try {
          response = await withRetry(() => sendOnce(write, deps), {
            shouldRetry: transient,
            ...(deps.sleep ? { sleep: deps.sleep } : {}),
          });
        } catch (caught) {
          const error = isApiError(caught) ? errorOf(caught) : undefined;
          await db.put('writes', { ...write, status: 'pending', ...(error ? { error } : {}) });
          report.stopped = 'network';
          return report;
        }
        if (response.ok) {
          await db.delete('writes', write.seq);
          report.sent += 1;
          continue;
        }
        const error = await apiErrorFromResponse(response);
        if (response.status === 401 || response.status === 403) {
          // Not this write's fault: it waits for the user to sign in again, with the reason shown.
          await db.put('writes', { ...write, status: 'pending', error: errorOf(error) });
          report.stopped = 'session';
          return report;
        }
        await db.put('writes', { ...write, status: 'rejected', error: errorOf(error) });
        report.rejected += 1;
      }
      return report;
    } finally {
      replaying = false;
      emitOfflineChange();
    }
  });
}
