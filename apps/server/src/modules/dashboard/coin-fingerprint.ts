import { createHash } from 'node:crypto';
import type { LedgerTransaction } from '@app/core';

/**
 * Identifies one coin's transactions by content (every field the ledger reads), whatever order
 * they come in: equal fingerprints mean equal figures, so a coin a write did not touch keeps
 * its stored figures and only touched coins are recomputed. SHA-1 is used as a checksum here,
 * not for security; a collision between two versions of one coin's history is not a concern.
 */
export function coinFingerprint(txs: readonly LedgerTransaction[]): string {
  const hit = remembered.get(txs);
  if (hit !== undefined && hit.length === txs.length) return hit.fingerprint;
  // Ids are unique, so id order is a canonical order; one flat string hashes in one call.
  const sorted = [...txs].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const fields: string[] = [];
  // An unknown price is '' (a stored price is never empty), so giving one changes the fingerprint.
  for (const t of sorted)
    fields.push(t.id, t.type, t.quantity, t.price_per_coin ?? '', t.fee, t.executed_at, t.created_at ?? '');
  const fingerprint = createHash('sha1').update(fields.join('\u0001')).digest('base64');
  remembered.set(txs, { length: txs.length, fingerprint });
  return fingerprint;
}

/**
 * The ledger cache hands out the same array for a coin until a write touches that coin, so a
 * fingerprint is computed once per version of a coin's history (the length guards against an
 * array that was appended to after all).
 */
const remembered = new WeakMap<readonly LedgerTransaction[], { length: number; fingerprint: string }>();
