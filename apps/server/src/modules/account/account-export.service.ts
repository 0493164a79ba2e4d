import {
  type AccountExport,
  type AlertEventPayload,
  accountExportFormat,
  accountExportVersion,
} from '@app/contracts';
import { Dec, toDecimalString } from '@app/core';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { type AccountRows, readAccountRows } from './account-export.repository.ts';
import { leftOutList } from './user-data-tables.ts';

/** NUMERIC(38,18) reads back as '1.000000000000000000'; the file carries the plain value. */
const plain = (value: string): string => toDecimalString(new Dec(value));
const plainOrNull = (value: string | null): string | null => (value === null ? null : plain(value));
const iso = (value: Date): string => value.toISOString();
const isoOrNull = (value: Date | null): string | null => (value === null ? null : value.toISOString());

function groupBy<T>(rows: readonly T[], key: (row: T) => string): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const row of rows) {
    const list = out.get(key(row));
    if (list) list.push(row);
    else out.set(key(row), [row]);
  }
  return out;
}

/** The file's entries from the rows; an entry names another only by an id the file also holds. */
export function toAccountExport(rows: AccountRows, exportedAt: Date): AccountExport {
  const { account } = rows;
  if (!account) throw new Error('the account row is missing');
  const connectionIds = new Set(rows.connections.map((c) => c.id));
  const channelIds = new Set(rows.channels.map((c) => c.id));
  const rungs = groupBy(rows.rungs, (r) => r.projectionId);
  const links = new Map(rows.taxLinks.map((l) => [l.projectionId, l]));
  const items = groupBy(rows.watchlistItems, (i) => i.watchlistId);
  const known = (id: string | null, ids: ReadonlySet<string>) => (id !== null && ids.has(id) ? id : null);

  return {
    format: accountExportFormat,
    version: accountExportVersion,
    exported_at: iso(exportedAt),
    account: {
      email: account.email,
      username: account.username,
      picture: account.picture,
      email_verified: account.emailVerified,
      created_at: iso(account.createdAt),
    },
    settings: rows.settings
      ? {
          base_currency: rows.settings.baseCurrency as NonNullable<
            AccountExport['settings']
          >['base_currency'],
          favorites: rows.settings.favorites,
          cost_basis_method: rows.settings.costBasisMethod as NonNullable<
            AccountExport['settings']
          >['cost_basis_method'],
        }
      : null,
    tax_settings: rows.taxSettings
      ? {
          rule: rows.taxSettings.rule as NonNullable<AccountExport['tax_settings']>['rule'],
          custom_threshold_days: rows.taxSettings.customThresholdDays,
          short_rate: plain(rows.taxSettings.shortRate),
          long_rate: plain(rows.taxSettings.longRate),
          yearly_allowance: plainOrNull(rows.taxSettings.yearlyAllowance),
          lots_per_portfolio: rows.taxSettings.lotsPerPortfolio,
        }
      : null,
    notification_preferences: rows.notificationPreferences
      ? {
          time_zone: rows.notificationPreferences.timeZone,
          quiet_start: rows.notificationPreferences.quietStart,
          quiet_end: rows.notificationPreferences.quietEnd,
          digest: rows.notificationPreferences.digest,
          digest_time: rows.notificationPreferences.digestTime,
        }
      : null,
    insight_preferences: rows.insightPreferences
      ? {
          concentration_threshold: plain(rows.insightPreferences.concentrationThreshold),
          near_percent: plain(rows.insightPreferences.nearPercent),
          narration_consented_at: isoOrNull(rows.insightPreferences.narrationConsentedAt),
        }
      : null,
    portfolios: rows.portfolios.map((p) => ({
      id: p.id,
      name: p.name,
      description: p.description,
      portfolio_type: p.portfolioType as AccountExport['portfolios'][number]['portfolio_type'],
      currency: p.currency as AccountExport['portfolios'][number]['currency'],
      created_at: iso(p.createdAt),
      updated_at: iso(p.updatedAt),
    })),
    connections: rows.connections.map((c) => ({
      id: c.id,
      portfolio_id: c.portfolioId,
      kind: c.kind as AccountExport['connections'][number]['kind'],
      label: c.label,
      masked: c.masked,
      chains: c.chains as AccountExport['connections'][number]['chains'],
      exchange: c.exchange,
      script_type: c.scriptType,
      gap_limit: c.gapLimit,
      created_at: iso(c.createdAt),
    })),
    transactions: rows.transactions.map((t) => ({
      id: t.id,
      portfolio_id: t.portfolioId,
      coin_id: t.coinId,
      type: t.type as AccountExport['transactions'][number]['type'],
      quantity: plain(t.quantity),
      price_per_coin: plainOrNull(t.pricePerCoin),
      fee: plain(t.fee),
      fee_currency: t.feeCurrency,
      executed_at: iso(t.executedAt),
      note: t.note,
      reward_kind: t.rewardKind as AccountExport['transactions'][number]['reward_kind'],
      source:
        t.sourceId === null
          ? null
          : { connection_id: known(t.sourceConnectionId, connectionIds), source_id: t.sourceId },
      outside_ref: t.outsideRef,
      tx_hash: t.txHash,
      classification: t.classification as AccountExport['transactions'][number]['classification'],
      matched_transaction_id: t.matchedTransactionId,
      created_at: iso(t.createdAt),
      updated_at: iso(t.updatedAt),
    })),
    cash_movements: rows.cashMovements.map((m) => ({
      id: m.id,
      portfolio_id: m.portfolioId,
      connection_id: known(m.sourceConnectionId, connectionIds),
      source_id: m.sourceId,
      kind: m.kind as AccountExport['cash_movements'][number]['kind'],
      currency: m.currency,
      amount: plain(m.amount),
      fee: plain(m.fee),
      rate: plain(m.rate),
      transaction_id: m.transactionId,
      outside_ref: m.outsideRef,
      executed_at: iso(m.executedAt),
      created_at: iso(m.createdAt),
    })),
    transfer_decisions: rows.transferDecisions.map((d) => ({
      out_transaction_id: d.outTransactionId,
      in_transaction_id: d.inTransactionId,
      kind: 'rejected' as const,
      created_at: iso(d.createdAt),
    })),
    sale_lot_choices: rows.saleLotChoices.map((c) => ({
      sale_id: c.saleId,
      acquisition_id: c.acquisitionId,
      quantity: plain(c.quantity),
      position: c.position,
    })),
    tax_method_history: rows.taxHistory.map((h) => ({
      from_year: h.fromYear,
      rule: h.rule as AccountExport['tax_method_history'][number]['rule'],
      custom_threshold_days: h.customThresholdDays,
      short_rate: plain(h.shortRate),
      long_rate: plain(h.longRate),
      yearly_allowance: plainOrNull(h.yearlyAllowance),
      cost_basis_method:
        h.costBasisMethod as AccountExport['tax_method_history'][number]['cost_basis_method'],
      created_at: iso(h.createdAt),
    })),
    tax_wallet_allocations: rows.walletAllocations.map((w) => ({
      coin_id: w.coinId,
      acquisition_id: w.acquisitionId,
      portfolio_id: w.portfolioId,
      quantity: plain(w.quantity),
      confirmed_at: iso(w.confirmedAt),
    })),
    projections: rows.projections.map((p) => {
      const link = links.get(p.id);
      return {
        id: p.id,
        name: p.name,
        description: p.description,
        coin_id: p.coinId,
        coin_name: p.coinName,
        coin_symbol: p.coinSymbol,
        coin_image: p.coinImage,
        invested_capital: plain(p.investedCapital),
        tokens_owned: plain(p.tokensOwned),
        circulating_supply: plainOrNull(p.circulatingSupply),
        sell_tax: plain(p.sellTax),
        currency: p.currency as AccountExport['projections'][number]['currency'],
        created_at: iso(p.createdAt),
        updated_at: iso(p.updatedAt),
        tax_link: link ? { portfolio_id: link.portfolioId } : null,
        rungs: (rungs.get(p.id) ?? []).map((r) => ({
          coins_sold: plain(r.coinsSold),
          price_per_coin: plain(r.pricePerCoin),
          fees_percentage: plain(r.feesPercentage),
          price_impact_percentage: plain(r.priceImpactPercentage),
          sell_tax: plain(r.sellTax),
          transaction_order: r.transactionOrder,
          created_at: iso(r.createdAt),
        })),
      };
    }),
    alerts: rows.alerts.map((a) => ({
      id: a.id,
      coin_id: a.coinId,
      left: a.left,
      op: a.op,
      right: a.right,
      currency: a.currency,
      active: a.active,
      channel_ids: a.channelIds === null ? null : a.channelIds.filter((id) => channelIds.has(id)),
      last_triggered_at: isoOrNull(a.lastTriggeredAt),
      created_at: iso(a.createdAt),
      updated_at: iso(a.updatedAt),
    })),
    notifications: rows.notifications.map((n) => ({
      id: n.id,
      alert_id: n.alertId,
      coin_id: n.coinCoingeckoId,
      event_payload: n.eventPayload satisfies AlertEventPayload,
      is_read: n.isRead,
      created_at: iso(n.createdAt),
    })),
    notification_channels: rows.channels.map((c) => ({
      id: c.id,
      kind: c.kind,
      preset: c.preset,
      name: c.name,
      target: c.secretHint,
      enabled: c.enabled,
      created_at: iso(c.createdAt),
    })),
    watchlists: rows.watchlists.map((w) => ({
      id: w.id,
      name: w.name,
      created_at: iso(w.createdAt),
      updated_at: iso(w.updatedAt),
      items: (items.get(w.id) ?? []).map((i) => ({ coin_id: i.coinId, created_at: iso(i.createdAt) })),
    })),
    allocation_targets: rows.allocationTargets.map((t) => ({
      portfolio_id: t.portfolioId,
      type: t.type,
      key: t.key,
      percentage: plain(t.percentage),
      created_at: iso(t.createdAt),
    })),
    left_out: leftOutList(),
  };
}

export function createAccountExportService(deps: { db: Db; clock: Clock }) {
  return {
    async exportAccount(userId: string): Promise<AccountExport> {
      const rows = await readAccountRows(deps.db, userId);
      if (!rows.account) throw notFound('Not found.');
      return toAccountExport(rows, deps.clock());
    },
  };
}

export type AccountExportService = ReturnType<typeof createAccountExportService>;
