import { randomUUID } from 'node:crypto';
import {
  type AccountExport,
  type AlertEventPayload,
  hasPriceThreshold,
  type ImportLeftOut,
} from '@app/contracts';
import { type LedgerTransaction, sortTimeline } from '@app/core';
import type {
  alerts,
  allocationTargets,
  cashMovements,
  insightPreferences,
  notificationChannels,
  notificationPreferences,
  notifications,
  portfolios,
  projections,
  projectionTaxLinks,
  projectionTransactions,
  saleLotChoices,
  taxMethodHistory,
  taxSettings,
  taxWalletAllocations,
  transactions,
  transferDecisions,
  userSettings,
  watchlistItems,
  watchlists,
} from '../../db/schema/index.ts';
import { byCreation, freshIds, mapped, mappedOrNull } from './fresh-ids.ts';

/** Who imports, and what of their account decides what the file may bring. */
export interface ImportContext {
  userId: string;
  now: Date;
  /** An account has one email channel; one made before the import stays. */
  hasEmailChannel: boolean;
}

/** Every row the import writes, with new ids, and what it leaves out. */
export interface ImportPlan {
  portfolios: (typeof portfolios.$inferInsert)[];
  transactions: (typeof transactions.$inferInsert)[];
  /** Own transfers' pairs, set once both rows exist (each names the other). */
  matches: { id: string; matchedId: string }[];
  cashMovements: (typeof cashMovements.$inferInsert)[];
  transferDecisions: (typeof transferDecisions.$inferInsert)[];
  saleLotChoices: (typeof saleLotChoices.$inferInsert)[];
  walletAllocations: (typeof taxWalletAllocations.$inferInsert)[];
  taxHistory: (typeof taxMethodHistory.$inferInsert)[];
  projections: (typeof projections.$inferInsert)[];
  rungs: (typeof projectionTransactions.$inferInsert)[];
  taxLinks: (typeof projectionTaxLinks.$inferInsert)[];
  channels: (typeof notificationChannels.$inferInsert)[];
  alerts: (typeof alerts.$inferInsert)[];
  notifications: (typeof notifications.$inferInsert)[];
  watchlists: (typeof watchlists.$inferInsert)[];
  watchlistItems: (typeof watchlistItems.$inferInsert)[];
  allocationTargets: (typeof allocationTargets.$inferInsert)[];
  settings: typeof userSettings.$inferInsert | null;
  taxSettings: typeof taxSettings.$inferInsert | null;
  notificationPreferences: typeof notificationPreferences.$inferInsert | null;
  insightPreferences: typeof insightPreferences.$inferInsert | null;
  leftOut: ImportLeftOut[];
  notes: string[];
}

const date = (iso: string): Date => new Date(iso);
const dateOrNull = (iso: string | null): Date | null => (iso === null ? null : new Date(iso));

/** The file's transactions in the order the ledger replays them, which their new ids keep. */
function timelineIds(file: AccountExport): string[] {
  const rows: LedgerTransaction[] = file.transactions.map((t) => ({
    id: t.id,
    coin_id: t.coin_id,
    type: t.type,
    quantity: t.quantity,
    price_per_coin: t.price_per_coin,
    fee: t.fee,
    executed_at: t.executed_at,
    created_at: t.created_at,
  }));
  return sortTimeline(rows).map((t) => t.id);
}

function channelsPart(file: AccountExport, context: ImportContext, leftOut: ImportLeftOut[]) {
  const ids = new Map<string, string>();
  const rows: (typeof notificationChannels.$inferInsert)[] = [];
  const kept = file.notification_channels.filter((c) => {
    if (c.kind === 'webhook') {
      leftOut.push({
        kind: 'notification_channel',
        name: c.name,
        reason:
          'A webhook’s URL and token are secrets an export never holds. Add the channel again under Settings → Notifications.',
      });
      return false;
    }
    // The email channel sends to the importer's own address; an account has one of them.
    if (context.hasEmailChannel) {
      leftOut.push({
        kind: 'notification_channel',
        name: c.name,
        reason: 'This account has an email channel already.',
      });
      return false;
    }
    return true;
  });
  for (const [id, fresh] of freshIds(byCreation(kept))) ids.set(id, fresh);
  for (const c of kept) {
    rows.push({
      id: mapped(ids, c.id),
      userId: context.userId,
      kind: c.kind,
      preset: null,
      name: c.name,
      secret: null,
      secretHint: '',
      enabled: c.enabled,
      createdAt: date(c.created_at),
      updatedAt: context.now,
    });
  }
  return { ids, rows };
}

/** A payload names a channel or a connection only to show it; a name that is not here is made up anew. */
function remappedPayload(
  payload: AlertEventPayload,
  channels: ReadonlyMap<string, string>,
): AlertEventPayload {
  const out: AlertEventPayload = { ...payload };
  if (payload.channel_failure) {
    out.channel_failure = {
      ...payload.channel_failure,
      channel_id: channels.get(payload.channel_failure.channel_id) ?? randomUUID(),
    };
  }
  if (payload.connection_failure) {
    out.connection_failure = { ...payload.connection_failure, connection_id: randomUUID() };
  }
  return out;
}

/**
 * The rows an import writes, from a file whose references were checked (import-checks.ts). Every
 * entry gets a new id; references follow it. Connections stay out: their keys never travel, and
 * a connection without its key is not something the connections module can hold, so the rows they
 * brought stay as rows whose connection was removed (their outside ids kept), as when a
 * connection is deleted and its rows kept.
 */
export function planImport(file: AccountExport, context: ImportContext): ImportPlan {
  const { userId, now } = context;
  const leftOut: ImportLeftOut[] = [];
  const notes: string[] = [];
  const portfolioIds = freshIds(byCreation(file.portfolios));
  const transactionIds = freshIds(timelineIds(file));
  const projectionIds = freshIds(byCreation(file.projections));
  const alertIds = freshIds(byCreation(file.alerts));
  const watchlistIds = freshIds(byCreation(file.watchlists));
  const cashIds = freshIds(byCreation(file.cash_movements));
  const notificationIds = freshIds(byCreation(file.notifications));
  const channels = channelsPart(file, context, leftOut);

  for (const c of file.connections) {
    leftOut.push({
      kind: 'connection',
      name: c.label,
      reason:
        'A connection needs its key or address, which an export never holds. Add it again under Settings → Connections; the transactions it brought are here, no longer linked to it.',
    });
  }

  const plan: ImportPlan = {
    portfolios: file.portfolios.map((p) => ({
      id: mapped(portfolioIds, p.id),
      userId,
      name: p.name,
      description: p.description,
      portfolioType: p.portfolio_type,
      currency: p.currency,
      createdAt: date(p.created_at),
      updatedAt: date(p.updated_at),
    })),
    transactions: file.transactions.map((t) => ({
      id: mapped(transactionIds, t.id),
      userId,
      portfolioId: mapped(portfolioIds, t.portfolio_id),
      coinId: t.coin_id,
      type: t.type,
      quantity: t.quantity,
      pricePerCoin: t.price_per_coin,
      fee: t.fee,
      feeCurrency: t.fee_currency,
      executedAt: date(t.executed_at),
      note: t.note,
      rewardKind: t.reward_kind,
      sourceConnectionId: null,
      sourceId: t.source?.source_id ?? null,
      outsideRef: t.outside_ref,
      txHash: t.tx_hash,
      classification: t.classification,
      matchedTransactionId: null,
      createdAt: date(t.created_at),
      updatedAt: date(t.updated_at),
    })),
    matches: file.transactions.flatMap((t) =>
      t.matched_transaction_id === null
        ? []
        : [{ id: mapped(transactionIds, t.id), matchedId: mapped(transactionIds, t.matched_transaction_id) }],
    ),
    cashMovements: file.cash_movements.map((m) => ({
      id: mapped(cashIds, m.id),
      portfolioId: mapped(portfolioIds, m.portfolio_id),
      sourceConnectionId: null,
      sourceId: m.source_id,
      kind: m.kind,
      currency: m.currency,
      amount: m.amount,
      fee: m.fee,
      rate: m.rate,
      transactionId: mappedOrNull(transactionIds, m.transaction_id),
      outsideRef: m.outside_ref,
      executedAt: date(m.executed_at),
      createdAt: date(m.created_at),
    })),
    transferDecisions: file.transfer_decisions.map((d) => ({
      userId,
      outTransactionId: mapped(transactionIds, d.out_transaction_id),
      inTransactionId: mapped(transactionIds, d.in_transaction_id),
      kind: d.kind,
      createdAt: date(d.created_at),
    })),
    // A lot named by a sale may be a row deleted since; its choice keeps pointing at nothing.
    saleLotChoices: file.sale_lot_choices.map((c) => ({
      saleId: mapped(transactionIds, c.sale_id),
      userId,
      acquisitionId: transactionIds.get(c.acquisition_id) ?? randomUUID(),
      quantity: c.quantity,
      position: c.position,
    })),
    taxHistory: file.tax_method_history.map((h) => ({
      userId,
      fromYear: h.from_year,
      rule: h.rule,
      customThresholdDays: h.custom_threshold_days,
      shortRate: h.short_rate,
      longRate: h.long_rate,
      yearlyAllowance: h.yearly_allowance,
      costBasisMethod: h.cost_basis_method,
      createdAt: date(h.created_at),
    })),
    // Like a sale's named lots, a placed acquisition may be a row deleted since.
    walletAllocations: file.tax_wallet_allocations.map((w) => ({
      userId,
      coinId: w.coin_id,
      acquisitionId: transactionIds.get(w.acquisition_id) ?? randomUUID(),
      portfolioId: mapped(portfolioIds, w.portfolio_id),
      quantity: w.quantity,
      confirmedAt: date(w.confirmed_at),
    })),
    projections: file.projections.map((p) => ({
      id: mapped(projectionIds, p.id),
      userId,
      name: p.name,
      description: p.description,
      coinId: p.coin_id,
      coinName: p.coin_name,
      coinSymbol: p.coin_symbol,
      coinImage: p.coin_image,
      investedCapital: p.invested_capital,
      tokensOwned: p.tokens_owned,
      circulatingSupply: p.circulating_supply,
      sellTax: p.sell_tax,
      currency: p.currency,
      createdAt: date(p.created_at),
      updatedAt: date(p.updated_at),
    })),
    rungs: file.projections.flatMap((p) => {
      const rungIds = freshIds(p.rungs.map((r) => String(r.transaction_order)));
      return p.rungs.map((r) => ({
        id: mapped(rungIds, String(r.transaction_order)),
        projectionId: mapped(projectionIds, p.id),
        userId,
        coinsSold: r.coins_sold,
        pricePerCoin: r.price_per_coin,
        feesPercentage: r.fees_percentage,
        priceImpactPercentage: r.price_impact_percentage,
        sellTax: r.sell_tax,
        transactionOrder: r.transaction_order,
        createdAt: date(r.created_at),
      }));
    }),
    taxLinks: file.projections.flatMap((p) =>
      p.tax_link === null
        ? []
        : [
            {
              projectionId: mapped(projectionIds, p.id),
              userId,
              portfolioId: mappedOrNull(portfolioIds, p.tax_link.portfolio_id),
              updatedAt: now,
            },
          ],
    ),
    channels: channels.rows,
    alerts: file.alerts.map((a) => ({
      id: mapped(alertIds, a.id),
      userId,
      coinId: a.coin_id,
      left: a.left,
      op: a.op,
      right: a.right,
      // Only a price threshold has a currency; the engine compares every other condition in dollars.
      currency: hasPriceThreshold(a) ? a.currency : 'usd',
      active: a.active,
      // A channel left out is dropped from the alert's list: it is never sent to a channel it did not name.
      channelIds:
        a.channel_ids === null
          ? null
          : a.channel_ids.flatMap((id) => {
              const fresh = channels.ids.get(id);
              return fresh === undefined ? [] : [fresh];
            }),
      lastTriggeredAt: dateOrNull(a.last_triggered_at),
      createdAt: date(a.created_at),
      updatedAt: date(a.updated_at),
    })),
    notifications: file.notifications.map((n) => ({
      id: mapped(notificationIds, n.id),
      userId,
      alertId: mappedOrNull(alertIds, n.alert_id),
      coinCoingeckoId: n.coin_id,
      eventPayload: remappedPayload(n.event_payload, channels.ids),
      isRead: n.is_read,
      createdAt: date(n.created_at),
    })),
    watchlists: file.watchlists.map((w) => ({
      id: mapped(watchlistIds, w.id),
      userId,
      name: w.name,
      createdAt: date(w.created_at),
      updatedAt: date(w.updated_at),
    })),
    watchlistItems: file.watchlists.flatMap((w) => {
      const itemIds = freshIds(w.items.map((i) => i.coin_id));
      return w.items.map((i) => ({
        id: mapped(itemIds, i.coin_id),
        watchlistId: mapped(watchlistIds, w.id),
        userId,
        coinId: i.coin_id,
        createdAt: date(i.created_at),
      }));
    }),
    allocationTargets: file.allocation_targets.map((t) => ({
      userId,
      portfolioId: mappedOrNull(portfolioIds, t.portfolio_id),
      type: t.type,
      key: t.key,
      percentage: t.percentage,
      createdAt: date(t.created_at),
    })),
    settings: file.settings && {
      userId,
      baseCurrency: file.settings.base_currency,
      favorites: [...new Set(file.settings.favorites)],
      costBasisMethod: file.settings.cost_basis_method,
      updatedAt: now,
    },
    taxSettings: file.tax_settings && {
      userId,
      rule: file.tax_settings.rule,
      customThresholdDays: file.tax_settings.custom_threshold_days,
      shortRate: file.tax_settings.short_rate,
      longRate: file.tax_settings.long_rate,
      yearlyAllowance: file.tax_settings.yearly_allowance,
      lotsPerPortfolio: file.tax_settings.lots_per_portfolio,
      updatedAt: now,
    },
    notificationPreferences: file.notification_preferences && {
      userId,
      timeZone: file.notification_preferences.time_zone,
      quietStart: file.notification_preferences.quiet_start,
      quietEnd: file.notification_preferences.quiet_end,
      digest: file.notification_preferences.digest,
      digestTime: file.notification_preferences.digest_time,
      updatedAt: now,
    },
    // Consent to send figures to a language model was given for the model of the server it was
    // given on; this server may send them elsewhere, so it is asked for again here.
    insightPreferences: file.insight_preferences && {
      userId,
      concentrationThreshold: file.insight_preferences.concentration_threshold,
      nearPercent: file.insight_preferences.near_percent,
      narrationConsentedAt: null,
      updatedAt: now,
    },
    leftOut,
    notes,
  };
  if (file.insight_preferences?.narration_consented_at) {
    notes.push(
      'Consent to narration by a language model was not carried over: give it again on Oracle if you wish.',
    );
  }
  return plan;
}
