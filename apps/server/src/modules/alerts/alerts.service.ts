import {
  type Alert,
  type AlertCreateBody,
  type AlertEvaluation,
  type AlertListResponse,
  type AlertUpdateBody,
  alertConditionIssues,
  alertLimits,
  alertMessages,
  type BaseCurrency,
  baseCurrencySchema,
  deliveryMessages,
  errorCodes,
  hasPriceThreshold,
} from '@app/contracts';
import { alertDailyClosesNeeded } from '@app/core';
import type { Db } from '../../db/client.ts';
import { AppError, validationError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { baseCurrenciesOf, listChannels } from '../delivery/index.ts';
import type { MarketReader } from '../market/index.ts';
import { readEngineStatus } from './alert-engine.repository.ts';
import { alertCurrency } from './alert-history.ts';
import {
  type AlertRow,
  countAlerts,
  deleteAlert,
  findAlert,
  insertAlert,
  listAlerts,
  lockUserAlerts,
  updateAlert,
} from './alerts.repository.ts';

export interface AlertsServiceDeps {
  db: Db;
  clock: Clock;
  market: MarketReader;
}

const notFound = () =>
  new AppError({
    code: errorCodes.notFound,
    message: alertMessages.alertNotFound,
  });

function toAlert(row: AlertRow, waiting: boolean, evaluation: AlertEvaluation | null): Alert {
  return {
    id: row.id,
    coin_id: row.coinId,
    left: row.left,
    op: row.op,
    right: row.right,
    active: row.active,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    last_triggered_at: row.lastTriggeredAt?.toISOString() ?? null,
    waiting_for_data: waiting,
    // The engine runs active alerts only; a paused one has no current evaluation.
    evaluation: row.active ? evaluation : null,
    channel_ids: row.channelIds ?? null,
    currency: hasPriceThreshold(row) ? row.currency : null,
  };
}

export function createAlertsService(deps: AlertsServiceDeps) {
  const { db, clock, market } = deps;

  /** Which coins lack the daily history their alerts' indicators need ("waits for data"). */
  async function waitingFor(rows: readonly AlertRow[]): Promise<Set<string>> {
    const neededByCoin = new Map<string, number>();
    for (const row of rows) {
      const needed = alertDailyClosesNeeded(row);
      if (needed > 0) neededByCoin.set(row.coinId, Math.max(neededByCoin.get(row.coinId) ?? 0, needed));
    }
    const available = new Map<string, number>();
    await Promise.all(
      [...neededByCoin].map(async ([coin, needed]) => {
        const history = await market.getDailyCloses(coin, needed, alertCurrency).catch(() => null);
        available.set(coin, history?.closes.length ?? 0);
      }),
    );
    return new Set(
      rows.filter((r) => (available.get(r.coinId) ?? 0) < alertDailyClosesNeeded(r)).map((r) => r.id),
    );
  }

  async function present(row: AlertRow): Promise<Alert> {
    return toAlert(row, (await waitingFor([row])).has(row.id), await readEngineStatus(db));
  }

  /** Chosen channels must be the user's own (another user's id reads as not found). */
  async function ownChannels(
    userId: string,
    ids: string[] | null | undefined,
  ): Promise<string[] | null | undefined> {
    if (ids === undefined || ids === null) return ids;
    const unique = [...new Set(ids)];
    const mine = new Set((await listChannels(db, userId)).map((c) => c.id));
    if (unique.some((id) => !mine.has(id))) {
      throw new AppError({ code: errorCodes.notFound, message: deliveryMessages.channelNotFound });
    }
    return unique;
  }

  /** The user's base currency now: a price threshold typed without a currency is in it. */
  async function baseCurrencyOf(userId: string): Promise<BaseCurrency> {
    const parsed = baseCurrencySchema.safeParse((await baseCurrenciesOf(db, [userId])).get(userId));
    return parsed.success ? parsed.data : alertCurrency;
  }

  async function assertKnownCoin(coinId: string): Promise<void> {
    const coin = await market.getCoin(coinId, alertCurrency);
    if (!coin) throw validationError({ coin_id: [alertMessages.coinUnknown] });
  }

  return {
    async list(userId: string): Promise<AlertListResponse> {
      const rows = await listAlerts(db, userId);
      const [waiting, evaluation] = await Promise.all([waitingFor(rows), readEngineStatus(db)]);
      return {
        results: rows.map((r) => toAlert(r, waiting.has(r.id), evaluation)),
        count: rows.length,
        next: null,
        previous: null,
      };
    },

    async create(userId: string, body: AlertCreateBody): Promise<Alert> {
      await assertKnownCoin(body.coin_id);
      const channelIds = await ownChannels(userId, body.channel_ids);
      // Only a price threshold is money; every other condition is compared in dollars.
      const currency = hasPriceThreshold(body)
        ? (body.currency ?? (await baseCurrencyOf(userId)))
        : alertCurrency;
      const row = await db.transaction(async (tx) => {
        await lockUserAlerts(tx, userId);
        if ((await countAlerts(tx, userId)) >= alertLimits.perUser) {
          throw new AppError({
            code: 'alert_limit_reached',
            message: alertMessages.limitReached(alertLimits.perUser),
            details: { limit: alertLimits.perUser },
          });
        }
        return insertAlert(tx, { userId, coinId: body.coin_id, ...body, currency, channelIds, now: clock() });
      });
      return present(row);
    },

    async update(userId: string, id: string, body: AlertUpdateBody): Promise<Alert> {
      const current = await findAlert(db, userId, id);
      if (!current) throw notFound();
      const left = body.left ?? current.left;
      const right = body.right ?? current.right;
      const issues = alertConditionIssues({ left, right });
      if (issues.length > 0) {
        const fields: Record<string, string[]> = {};
        for (const i of issues) fields[i.path.join('.')] = [i.message];
        throw validationError(fields);
      }
      if (body.coin_id !== undefined && body.coin_id !== current.coinId) await assertKnownCoin(body.coin_id);
      const channelIds = await ownChannels(userId, body.channel_ids);
      // The alert keeps its currency unless told another; a condition that no longer compares the
      // price with a number has none.
      const currency = hasPriceThreshold({ left, right })
        ? (body.currency ?? current.currency)
        : alertCurrency;
      const conditionChanged =
        (body.coin_id !== undefined && body.coin_id !== current.coinId) ||
        (body.left !== undefined && JSON.stringify(body.left) !== JSON.stringify(current.left)) ||
        (body.right !== undefined && JSON.stringify(body.right) !== JSON.stringify(current.right)) ||
        (body.op !== undefined && body.op !== current.op) ||
        currency !== current.currency;
      // Resuming starts afresh, like a new alert: what the engine saw before the pause is stale.
      const resumed = body.active === true && !current.active;
      const row = await updateAlert(db, userId, id, {
        ...(body.coin_id !== undefined ? { coinId: body.coin_id } : {}),
        ...(body.left !== undefined ? { left: body.left } : {}),
        ...(body.op !== undefined ? { op: body.op } : {}),
        ...(body.right !== undefined ? { right: body.right } : {}),
        ...(body.active !== undefined ? { active: body.active } : {}),
        ...(channelIds !== undefined ? { channelIds } : {}),
        ...(currency !== current.currency ? { currency } : {}),
        resetState: conditionChanged || resumed,
        now: clock(),
      });
      if (!row) throw notFound();
      return present(row);
    },

    async remove(userId: string, id: string): Promise<void> {
      if (!(await deleteAlert(db, userId, id))) throw notFound();
    },
  };
}

export type AlertsService = ReturnType<typeof createAlertsService>;
