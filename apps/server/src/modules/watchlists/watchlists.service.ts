import { limitMessages, marketMessages, type Watchlist, type WatchlistItem } from '@app/contracts';
import type { Db } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { lockUserCreates } from '../../db/user-locks.ts';
import { AppError, validationError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { isUuid } from '../../lib/uuid.ts';
import {
  countWatchlists,
  deleteItem,
  deleteWatchlist,
  findItem,
  findWatchlist,
  insertItem,
  insertWatchlist,
  listItems,
  listWatchlists,
  renameWatchlist,
  type WatchlistItemRow,
  type WatchlistRow,
} from './watchlists.repository.ts';

// Ids from a path arrive parsed (the route's params schema); ids from a body or query are checked here.

function notFound(message: string): AppError {
  return new AppError({ code: 'not_found', message });
}

function toItem(row: WatchlistItemRow): WatchlistItem {
  return {
    id: row.id,
    watchlist_id: row.watchlistId,
    coin_id: row.coinId,
    created_at: row.createdAt.toISOString(),
  };
}

function toWatchlist(row: WatchlistRow, items: readonly WatchlistItemRow[]): Watchlist {
  return {
    id: row.id,
    name: row.name,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    items: items.filter((i) => i.watchlistId === row.id).map(toItem),
  };
}

/** Checks coin ids against the market; unknown ids are a field error, not a silent no-op. */
export interface CoinIdValidator {
  isTracked(id: string): Promise<boolean>;
}

/** Watchlists per user; every query is scoped to the owner, so another user's id is a 404. */
export function createWatchlistsService(deps: {
  db: Db;
  clock: Clock;
  coins: CoinIdValidator;
  /** LIMIT_WATCHLISTS_PER_USER. */
  watchlistsPerUser: number;
}) {
  const { db, watchlistsPerUser } = deps;

  async function owned(userId: string, id: string): Promise<WatchlistRow> {
    const row = isUuid(id) ? await findWatchlist(db, userId, id) : undefined;
    if (!row) throw notFound(marketMessages.watchlistNotFound);
    return row;
  }

  async function checkCoins(field: string, ids: readonly string[]): Promise<void> {
    const unknown: string[] = [];
    for (const id of ids) if (!(await deps.coins.isTracked(id))) unknown.push(id);
    if (unknown.length > 0)
      throw validationError({ [field]: [`${marketMessages.coinNotFound}: ${unknown.join(', ')}`] });
  }

  function nameTaken(): AppError {
    return new AppError({
      code: 'conflict',
      message: marketMessages.watchlistNameTaken,
      details: { fields: { name: [marketMessages.watchlistNameTaken] } },
    });
  }

  return {
    async list(userId: string): Promise<Watchlist[]> {
      const rows = await listWatchlists(db, userId);
      const items = await listItems(db, userId);
      return rows.map((r) => toWatchlist(r, items));
    },

    async get(userId: string, id: string): Promise<Watchlist> {
      const row = await owned(userId, id);
      return toWatchlist(row, await listItems(db, userId, [row.id]));
    },

    async create(
      userId: string,
      input: { name: string; coin_ids?: string[] | undefined },
    ): Promise<Watchlist> {
      const coinIds = [...new Set(input.coin_ids ?? [])];
      await checkCoins('coin_ids', coinIds);
      try {
        const row = await db.transaction(async (tx) => {
          await lockUserCreates(tx, 'watchlists', userId);
          if ((await countWatchlists(tx, userId)) >= watchlistsPerUser) {
            const message = limitMessages.watchlists(watchlistsPerUser);
            throw validationError({ name: [message] }, message);
          }
          return insertWatchlist(tx, { userId, name: input.name, coinIds, now: deps.clock() });
        });
        return toWatchlist(row, await listItems(db, userId, [row.id]));
      } catch (error) {
        if (isUniqueViolation(error)) throw nameTaken();
        throw error;
      }
    },

    async rename(userId: string, id: string, name: string): Promise<Watchlist> {
      await owned(userId, id);
      try {
        const row = await renameWatchlist(db, userId, id, name, deps.clock());
        if (!row) throw notFound(marketMessages.watchlistNotFound);
        return toWatchlist(row, await listItems(db, userId, [row.id]));
      } catch (error) {
        if (isUniqueViolation(error)) throw nameTaken();
        throw error;
      }
    },

    async remove(userId: string, id: string): Promise<void> {
      if (!(await deleteWatchlist(db, userId, id))) {
        throw notFound(marketMessages.watchlistNotFound);
      }
    },

    async listItems(userId: string, watchlistId: string | undefined): Promise<WatchlistItem[]> {
      if (watchlistId !== undefined && watchlistId !== '') {
        const row = await owned(userId, watchlistId);
        return (await listItems(db, userId, [row.id])).map(toItem);
      }
      return (await listItems(db, userId)).map(toItem);
    },

    async getItem(userId: string, id: string): Promise<WatchlistItem> {
      const row = await findItem(db, userId, id);
      if (!row) throw notFound(marketMessages.watchlistItemNotFound);
      return toItem(row);
    },

    async addItem(userId: string, input: { watchlist_id: string; coin_id: string }): Promise<WatchlistItem> {
      const list = await owned(userId, input.watchlist_id);
      await checkCoins('coin_id', [input.coin_id]);
      try {
        return toItem(
          await insertItem(db, { userId, watchlistId: list.id, coinId: input.coin_id, now: deps.clock() }),
        );
      } catch (error) {
        if (isUniqueViolation(error)) {
          throw new AppError({
            code: 'conflict',
            message: marketMessages.coinAlreadyInWatchlist,
            details: { fields: { coin_id: [marketMessages.coinAlreadyInWatchlist] } },
          });
        }
        throw error;
      }
    },

    async removeItem(userId: string, id: string): Promise<void> {
      if (!(await deleteItem(db, userId, id))) {
        throw notFound(marketMessages.watchlistItemNotFound);
      }
    },

    /** coin id → the user's watchlist ids holding it. */
    async coinMemberships(userId: string): Promise<Map<string, string[]>> {
      const out = new Map<string, string[]>();
      for (const item of await listItems(db, userId)) {
        out.set(item.coinId, [...(out.get(item.coinId) ?? []), item.watchlistId]);
      }
      return out;
    },
  };
}

export type WatchlistsService = ReturnType<typeof createWatchlistsService>;
