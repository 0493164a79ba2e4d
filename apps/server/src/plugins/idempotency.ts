import { promisify } from 'node:util';
import { brotliDecompress, gunzip } from 'node:zlib';
import { errorCodes } from '@app/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { IdempotencyStore } from '../db/idempotency-store.ts';
import { AppError } from '../lib/app-error.ts';
import type { Clock } from '../lib/clock.ts';
import { safeMethods } from './csrf.ts';

export const idempotencyHeader = 'idempotency-key';
export const idempotentReplayHeader = 'idempotent-replayed';
/** How long an answer is kept for a repeat of its key. */
export const idempotencyTtlMs = 24 * 60 * 60 * 1000;
const keyPattern = /^[\x21-\x7e]{8,200}$/;

const unbrotli = promisify(brotliDecompress);
const ungzip = promisify(gunzip);

export interface IdempotencyOptions {
  store: IdempotencyStore;
  clock: Clock;
}

interface Claim {
  userId: string;
  key: string;
}

function keyOf(request: FastifyRequest): string | null {
  const raw = request.headers[idempotencyHeader];
  if (raw === undefined) return null;
  const key = Array.isArray(raw) ? raw[0] : raw;
  if (key === undefined || !keyPattern.test(key)) {
    throw new AppError({
      code: errorCodes.validation,
      message: 'Idempotency-Key must be 8 to 200 visible ASCII characters',
      details: { fields: { [idempotencyHeader]: ['8 to 200 visible ASCII characters'] } },
    });
  }
  return key;
}

async function plainBody(reply: FastifyReply, payload: unknown): Promise<string | null> {
  if (payload === undefined || payload === null) return null;
  if (typeof payload === 'string') return payload;
  if (!Buffer.isBuffer(payload)) return null;
  const coding = reply.getHeader('content-encoding');
  if (coding === 'br') return (await unbrotli(payload)).toString('utf8');
  if (coding === 'gzip') return (await ungzip(payload)).toString('utf8');
  return payload.toString('utf8');
}

/**
 * `Idempotency-Key` on signed-in writes (the offline queue sends one per queued write): the first
 * request with a key claims it; a repeat by the same user gets the first answer back (marked
 * `Idempotent-Replayed: true`) without running the route again. Only successful answers are kept:
 * a refused or failed write releases its key, so "send again" really sends again. A repeat while
 * the first is still running, or the same key on another route, answers 409. Keys are per user:
 * two users never see each other's answers.
 */
export function registerIdempotency(api: FastifyInstance, options: IdempotencyOptions): void {
  const { store, clock } = options;
  const claims = new WeakMap<FastifyRequest, Claim>();

  api.addHook('preHandler', async (request, reply) => {
    if (safeMethods.has(request.method) || !request.user) return;
    const key = keyOf(request);
    if (key === null) return;
    const userId = request.user.id;
    const route = `${request.method} ${request.url.split('?')[0]}`;
    const now = clock();
    const expiresAt = new Date(now.getTime() + idempotencyTtlMs);
    const outcome = await store.claim({ userId, key, route, now, expiresAt });
    if (outcome.claimed) {
      claims.set(request, { userId, key });
      return;
    }
    const { first } = outcome;
    if (first !== undefined && first.route !== route) {
      throw new AppError({
        code: errorCodes.conflict,
        message: 'This Idempotency-Key was already used for another request',
      });
    }
    if (first === undefined || first.status === null) {
      // The first is still running (its answer was lost on the way, the client retried early):
      // worth asking again shortly, when the stored answer will be there.
      reply.header('retry-after', '1');
      throw new AppError({
        code: errorCodes.conflict,
        message: 'A request with this Idempotency-Key is still being handled',
        details: { in_progress: true },
      });
    }
    reply.code(first.status).header(idempotentReplayHeader, 'true');
    if (first.body === null) return reply.send();
    return reply.type('application/json; charset=utf-8').send(first.body);
  });

  /** Stores a 2xx answer under its key, or frees the key of any other. */
  async function settle(claim: Claim, reply: FastifyReply, payload: unknown): Promise<void> {
    if (reply.statusCode >= 200 && reply.statusCode < 300) {
      const body = await plainBody(reply, payload);
      await store.finish(claim.userId, claim.key, { status: reply.statusCode, body });
    } else {
      await store.release(claim.userId, claim.key);
    }
  }

  // Every API answer passes these two hooks and nearly none holds a claim: callback style, so that
  // case settles without a promise and a microtask each, which counts on the cheapest answers.
  api.addHook('onSend', (request, reply, payload, done) => {
    const claim = claims.get(request);
    if (claim === undefined) return done(null, payload);
    claims.delete(request);
    settle(claim, reply, payload).then(
      () => done(null, payload),
      (error: Error) => done(error),
    );
  });

  // A request that never reached onSend must not hold its key until it expires.
  api.addHook('onResponse', (request, _reply, done) => {
    const claim = claims.get(request);
    if (claim === undefined) return done();
    claims.delete(request);
    store.release(claim.userId, claim.key, true).then(
      () => done(),
      (error: Error) => done(error),
    );
  });
}
