import { randomUUID } from 'node:crypto';
import {
  type Connection,
  type ConnectionCreateBody,
  type ConnectionDeleteQuery,
  type ConnectionUpdateBody,
  connectionApiMessages,
  connectionMessages,
  type ExchangeConnectionCreateBody,
  exchangeDescriptors,
  limitMessages,
  maskConnectionSecret,
  portfolioMessages,
} from '@app/contracts';
import type { Db } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { lockUserCreates } from '../../db/user-locks.ts';
import { notFound, validationError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { createSecretBox, secretFingerprint } from '../../lib/secret-box.ts';
import { deleteConnectionCash, findPortfolio } from '../ledger/index.ts';
import { checkConnectionSource, fingerprintInput } from './connection-source.ts';
import {
  type ConnectionRow,
  countConnections,
  deleteConnection,
  findConnection,
  insertConnection,
  listConnections,
  type NewConnection,
  updateConnection,
} from './connections.repository.ts';
import type { ExchangeGateway } from './exchange-gateway.ts';
import { checkExchangeSource, exchangeFingerprintInput, refuseWithdrawingKey } from './exchange-source.ts';
import type { SourcedRowsRemover } from './sourced-rows.ts';

const purpose = 'connection-secrets:v1';

export function toConnection(row: ConnectionRow): Connection {
  return {
    id: row.id,
    kind: row.kind as Connection['kind'],
    portfolio_id: row.portfolioId,
    label: row.label,
    masked: row.masked,
    chains: row.chains as Connection['chains'],
    script_type: row.scriptType as Connection['script_type'],
    gap_limit: row.gapLimit,
    state: row.state as Connection['state'],
    progress: row.progress,
    last_synced_at: row.lastSyncedAt?.toISOString() ?? null,
    next_sync_at: row.nextSyncAt?.toISOString() ?? null,
    error_message: row.errorMessage,
    exchange: row.exchange as Connection['exchange'],
    key_permissions: row.keyPermissions ?? null,
    history_from: row.historyFrom?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

export interface ConnectionsServiceDeps {
  db: Db;
  clock: Clock;
  sessionSecret: string;
  /** Removes a connection's rows through the ledger's one write path (oversell checks and all). */
  sourcedRows: SourcedRowsRemover;
  /** Runs once a connection is stored: its first sync is asked for here. */
  afterCreate?: ((id: string) => Promise<void>) | undefined;
  /** Asks an exchange what a key may do before it is stored; absent, exchange connections are refused. */
  exchanges?: ExchangeGateway | undefined;
  /** LIMIT_CONNECTIONS_PER_USER: wallets and exchange accounts together. */
  connectionsPerUser: number;
}

/**
 * Wallet connections per user. The key or address is checked by core's validators, sealed with
 * a key of its own purpose before it is stored, and only ever shown masked; every query is scoped
 * to the owner, so another user's connection is a 404 like a missing one.
 */
export function createConnectionsService(deps: ConnectionsServiceDeps) {
  const { db, clock } = deps;
  const box = createSecretBox(deps.sessionSecret, purpose);
  const missing = () => notFound(connectionApiMessages.notFound);

  async function owned(userId: string, id: string): Promise<ConnectionRow> {
    const row = await findConnection(db, userId, id);
    if (!row) throw missing();
    return row;
  }

  /** Stores the connection unless the user already has as many as one account may. */
  async function insertWithinLimit(id: string, values: NewConnection, now: Date): Promise<ConnectionRow> {
    return db.transaction(async (tx) => {
      await lockUserCreates(tx, 'connections', values.userId);
      if ((await countConnections(tx, values.userId)) >= deps.connectionsPerUser) {
        const message = limitMessages.connections(deps.connectionsPerUser);
        throw validationError({ label: [message] }, message);
      }
      return insertConnection(tx, id, values, now);
    });
  }

  /**
   * An exchange key is asked about before it is stored: a key the exchange refuses is a field
   * error, a key that can withdraw waits for its owner's yes. An exchange that cannot be asked now
   * does not stop the connection: its first sync asks again and says so on the connection.
   */
  async function createExchange(userId: string, body: ExchangeConnectionCreateBody): Promise<Connection> {
    const credentials = checkExchangeSource(body);
    const portfolio = await findPortfolio(db, userId, body.portfolio_id);
    if (!portfolio) throw notFound(portfolioMessages.portfolioNotFound, 'portfolio_id');
    if (!deps.exchanges) throw validationError({ exchange: [connectionApiMessages.exchangesOff] });
    const check = await deps.exchanges.checkKey(credentials);
    if (check.kind === 'rejected') {
      throw validationError({
        api_key: [connectionMessages.exchangeKeyRejected(exchangeDescriptors[body.exchange].name)],
      });
    }
    const permissions = check.kind === 'ok' ? check.permissions : null;
    refuseWithdrawingKey(permissions, body.allow_withdrawal);
    const id = randomUUID();
    try {
      const row = await insertWithinLimit(
        id,
        {
          userId,
          portfolioId: portfolio.id,
          kind: 'exchange',
          label: body.label,
          secret: box.seal(JSON.stringify({ value: credentials.apiKey, form: 'exchange', credentials }), id),
          fingerprint: secretFingerprint(deps.sessionSecret, purpose, exchangeFingerprintInput(credentials)),
          masked: maskConnectionSecret(credentials.apiKey),
          scriptType: null,
          gapLimit: null,
          chains: [],
          exchange: credentials.exchange,
          keyPermissions: permissions && {
            can_trade: permissions.canTrade,
            can_withdraw: permissions.canWithdraw,
          },
          withdrawalAllowed: body.allow_withdrawal,
          nextSyncAt: null,
        },
        clock(),
      );
      await deps.afterCreate?.(row.id);
      return toConnection((await findConnection(db, userId, row.id)) ?? row);
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      throw validationError({ api_key: [connectionApiMessages.duplicateExchangeKey] });
    }
  }

  return {
    async list(userId: string): Promise<Connection[]> {
      return (await listConnections(db, userId)).map(toConnection);
    },

    async get(userId: string, id: string): Promise<Connection> {
      return toConnection(await owned(userId, id));
    },

    async create(userId: string, body: ConnectionCreateBody): Promise<Connection> {
      if (body.kind === 'exchange') return createExchange(userId, body);
      const source = checkConnectionSource(body);
      const portfolio = await findPortfolio(db, userId, body.portfolio_id);
      if (!portfolio) throw notFound(portfolioMessages.portfolioNotFound, 'portfolio_id');
      const id = randomUUID();
      const now = clock();
      try {
        const row = await insertWithinLimit(
          id,
          {
            userId,
            portfolioId: portfolio.id,
            kind: source.kind,
            label: body.label,
            secret: box.seal(JSON.stringify({ value: source.value, form: source.form }), id),
            fingerprint: secretFingerprint(deps.sessionSecret, purpose, fingerprintInput(source)),
            masked: maskConnectionSecret(source.value),
            scriptType: source.scriptType,
            gapLimit: source.gapLimit,
            chains: source.chains,
            nextSyncAt: null,
          },
          now,
        );
        await deps.afterCreate?.(row.id);
        return toConnection((await findConnection(db, userId, row.id)) ?? row);
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        const field = body.kind === 'bitcoin' && body.xpub !== undefined ? 'xpub' : 'address';
        throw validationError({ [field]: [connectionApiMessages.duplicate] });
      }
    },

    async update(userId: string, id: string, body: ConnectionUpdateBody): Promise<Connection> {
      const row = await owned(userId, id);
      if (body.gap_limit !== undefined && row.gapLimit === null) {
        throw validationError({ gap_limit: ['Only an extended public key has a gap limit.'] });
      }
      const updated = await updateConnection(
        db,
        userId,
        id,
        {
          ...(body.label !== undefined ? { label: body.label } : {}),
          ...(body.gap_limit !== undefined ? { gapLimit: body.gap_limit } : {}),
        },
        clock(),
      );
      if (!updated) throw missing();
      return toConnection(updated);
    },

    /**
     * Deleting keeps the rows the connection brought (they stay, no longer linked to it) or
     * removes them with it through the ledger's write path, so a removal that would leave a
     * later sale without its coins is refused like any other delete.
     */
    async remove(userId: string, id: string, choice: ConnectionDeleteQuery): Promise<void> {
      const row = await owned(userId, id);
      if (choice.transactions === 'remove') {
        await deps.sourcedRows.removeAll(userId, row.portfolioId, row.id, async (tx) => {
          await deleteConnectionCash(tx, row.portfolioId, row.id);
          if (!(await deleteConnection(tx, userId, id))) throw missing();
        });
        return;
      }
      if (!(await deleteConnection(db, userId, id))) throw missing();
    },
  };
}

export type ConnectionsService = ReturnType<typeof createConnectionsService>;
