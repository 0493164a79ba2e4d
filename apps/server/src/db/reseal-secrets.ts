import { and, asc, eq, gt, or, type SQL, sql } from 'drizzle-orm';
import type { SecretsKeys } from '../config.ts';
import { createSecretBox, isLegacySealed, type SecretBox, sealedKeyId } from '../lib/secret-box.ts';
import type { Db } from './client.ts';
import { rowsOf } from './raw-rows.ts';
import { connections, notificationChannels } from './schema/index.ts';
import { base64NotUnder, byteaNotUnder, connectionFingerprint, sealedPurposes } from './sealed-columns.ts';

/** What one start's re-encryption did: counts only, never a value. */
export interface ResealReport {
  /** The id of the key every secret is now sealed under (public: it reveals nothing of the key). */
  keyId: string;
  channelSecrets: number;
  connectionSecrets: number;
  syncCursors: number;
  /** Values no given key opens (altered, or sealed under a key long gone): left as they were. */
  unreadable: number;
}

/** The secrets in the database were sealed under a key this server was not given: it must not start. */
export class SecretsKeyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SecretsKeyError';
  }
}

/** The boxes of one purpose: the current key's, and each older key's by its id. */
interface Keyring {
  current: SecretBox;
  older: SecretBox[];
  olderById: Map<string, SecretBox>;
}

function keyring(keys: SecretsKeys, purpose: (typeof sealedPurposes)[keyof typeof sealedPurposes]): Keyring {
  const older = keys.previous.map((key) => createSecretBox(key, purpose));
  return {
    current: createSecretBox(keys.key, purpose),
    older,
    olderById: new Map(older.map((b) => [b.keyId, b])),
  };
}

type Opened =
  | { kind: 'opened'; plaintext: string }
  | { kind: 'foreign'; keyId: string }
  | { kind: 'unreadable'; legacy: boolean };

/** Tallies what was found, so the decision to refuse is taken over every value before commit. */
interface Findings {
  foreignKeyIds: Set<string>;
  foreign: number;
  legacyOpened: number;
  legacyUnreadable: number;
  unreadable: number;
}

function open(ring: Keyring, sealed: Uint8Array, context: string, findings: Findings): string | null {
  const outcome = tryOpen(ring, sealed, context);
  if (outcome.kind === 'opened') return outcome.plaintext;
  if (outcome.kind === 'foreign') {
    findings.foreign += 1;
    findings.foreignKeyIds.add(outcome.keyId);
  } else {
    findings.unreadable += 1;
    if (outcome.legacy) findings.legacyUnreadable += 1;
  }
  return null;
}

function tryOpen(ring: Keyring, sealed: Uint8Array, context: string): Opened {
  const keyId = sealedKeyId(sealed);
  if (keyId !== null) {
    // Selected because it is not under the current key: an older key opens it, or none was given.
    const box = ring.olderById.get(keyId);
    if (!box) return { kind: 'foreign', keyId };
    const plaintext = box.open(sealed, context);
    return plaintext === null ? { kind: 'unreadable', legacy: false } : { kind: 'opened', plaintext };
  }
  if (!isLegacySealed(sealed)) return { kind: 'unreadable', legacy: false };
  // Sealed before key ids: only trying tells which key, the current one included.
  for (const box of [ring.current, ...ring.older]) {
    const plaintext = box.open(sealed, context);
    if (plaintext !== null) return { kind: 'opened', plaintext };
  }
  return { kind: 'unreadable', legacy: true };
}

const batchSize = 100;

/**
 * Seals every stored secret under the current secrets key, once: at start, before the server
 * takes requests, in one transaction (a failure leaves every value as it was). A value already
 * under the current key is not read at all, so a start with nothing to do costs one count.
 * A value the key in use did not seal is opened with an older key (the session secret, or
 * SECRETS_KEY_PREVIOUS) and sealed again; a connection's fingerprint is computed again with it.
 * Refuses (SecretsKeyError) when values are sealed under a key this server was not given: started
 * with a mistyped key, the server would otherwise run with every secret unreadable.
 */
export async function resealSecrets(db: Db, keys: SecretsKeys): Promise<ResealReport> {
  const rings = {
    channel: keyring(keys, sealedPurposes.channelSecret),
    secret: keyring(keys, sealedPurposes.connectionSecret),
    cursor: keyring(keys, sealedPurposes.syncCursor),
  };
  const keyId = rings.channel.current.keyId;
  const report: ResealReport = {
    keyId,
    channelSecrets: 0,
    connectionSecrets: 0,
    syncCursors: 0,
    unreadable: 0,
  };
  const channelPending = byteaNotUnder(notificationChannels.secret, keyId);
  const secretPending = byteaNotUnder(connections.secret, keyId);
  const cursorPending = base64NotUnder(connections.sealedCursor, keyId);
  if (!(await anyPending(db, { channelPending, secretPending, cursorPending }))) return report;

  const findings: Findings = {
    foreignKeyIds: new Set(),
    foreign: 0,
    legacyOpened: 0,
    legacyUnreadable: 0,
    unreadable: 0,
  };
  const countLegacy = (sealed: Uint8Array, opened: string | null) => {
    if (opened !== null && isLegacySealed(sealed)) findings.legacyOpened += 1;
  };

  await db.transaction(async (tx) => {
    // Several processes starting on one PostgreSQL with the new key: one re-encrypts, the others
    // wait and then find nothing left.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('exit-liquidity:reseal-secrets'))`);
    for (let after: string | null = null; ; ) {
      const batch = await tx
        .select({ id: notificationChannels.id, secret: notificationChannels.secret })
        .from(notificationChannels)
        .where(after === null ? channelPending : and(gt(notificationChannels.id, after), channelPending))
        .orderBy(asc(notificationChannels.id))
        .limit(batchSize)
        .for('update');
      for (const row of batch) {
        if (row.secret === null) continue;
        const plaintext = open(rings.channel, row.secret, row.id, findings);
        countLegacy(row.secret, plaintext);
        if (plaintext === null) continue;
        await tx
          .update(notificationChannels)
          .set({ secret: rings.channel.current.seal(plaintext, row.id) })
          .where(eq(notificationChannels.id, row.id));
        report.channelSecrets += 1;
      }
      const last = batch.at(-1);
      if (!last || batch.length < batchSize) break;
      after = last.id;
    }

    for (let after: string | null = null; ; ) {
      const pending = or(secretPending, cursorPending);
      const batch = await tx
        .select({
          id: connections.id,
          kind: connections.kind,
          secret: connections.secret,
          cursor: connections.sealedCursor,
        })
        .from(connections)
        .where(after === null ? pending : and(gt(connections.id, after), pending))
        .orderBy(asc(connections.id))
        .limit(batchSize)
        .for('update');
      for (const row of batch) {
        const changes: Partial<typeof connections.$inferInsert> = {};
        if (sealedKeyId(row.secret) !== keyId) {
          const plaintext = open(rings.secret, row.secret, row.id, findings);
          countLegacy(row.secret, plaintext);
          if (plaintext !== null) {
            changes.secret = rings.secret.current.seal(plaintext, row.id);
            const fingerprint = connectionFingerprint(keys.key, row.kind, plaintext);
            if (fingerprint !== null) changes.fingerprint = fingerprint;
            report.connectionSecrets += 1;
          }
        }
        if (row.cursor !== null && sealedKeyId(row.cursor) !== keyId) {
          const plaintext = open(rings.cursor, row.cursor, row.id, findings);
          countLegacy(row.cursor, plaintext);
          if (plaintext !== null) {
            changes.sealedCursor = rings.cursor.current.seal(plaintext, row.id);
            report.syncCursors += 1;
          }
        }
        if (Object.keys(changes).length > 0) {
          await tx.update(connections).set(changes).where(eq(connections.id, row.id));
        }
      }
      const last = batch.at(-1);
      if (!last || batch.length < batchSize) break;
      after = last.id;
    }

    refuseUnknownKeys(findings, keyId);
  });
  report.unreadable = findings.unreadable;
  return report;
}

async function anyPending(
  db: Db,
  where: { channelPending: SQL; secretPending: SQL; cursorPending: SQL },
): Promise<boolean> {
  const result = await db.execute(sql`
    select exists (select 1 from ${notificationChannels} where ${where.channelPending})
        or exists (select 1 from ${connections} where ${where.secretPending} or ${where.cursorPending}) as pending`);
  return rowsOf(result)[0]?.pending === true;
}

/**
 * Values under a key id no given key has, or old values not one of which any given key opens,
 * mean the server was started with the wrong key (or without the old one). The transaction rolls
 * back: nothing is re-encrypted and nothing is lost, and the operator can start again with the
 * right keys. Only the count and the public key ids are named.
 */
function refuseUnknownKeys(findings: Findings, keyId: string): void {
  const legacyLost =
    findings.legacyUnreadable > 0 && findings.legacyOpened === 0 ? findings.legacyUnreadable : 0;
  const lost = findings.foreign + legacyLost;
  if (lost === 0) return;
  const ids = [...findings.foreignKeyIds].join(', ');
  throw new SecretsKeyError(
    `${lost} stored secret${lost === 1 ? ' was' : 's were'} sealed under a secrets key this server was not given` +
      `${ids ? ` (key id ${ids})` : ' (sealed before key ids, by an older session secret)'}; this server's key has id ${keyId}. ` +
      'Start it with the key they were sealed with (SECRETS_KEY or SECRETS_KEY_FILE), or keep the new key and set ' +
      'SECRETS_KEY_PREVIOUS to the old one so they are re-encrypted under the new key. Nothing was changed.',
  );
}
