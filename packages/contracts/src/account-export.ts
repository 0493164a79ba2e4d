import { z } from 'zod';
import { accountExportFormat, accountExportVersion } from './account-data.ts';
import { alertEventPayloadSchema, alertOperandSchema, alertOperatorSchema } from './alerts.ts';
import { authLimits } from './auth.ts';
import { baseCurrencySchema } from './base-currency.ts';
import { connectionChains, connectionKinds } from './connection-constants.ts';
import { costBasisMethods } from './cost-basis-constants.ts';
import { decimalString } from './decimal-strings.ts';
import { targetTypes } from './insights.ts';
import { isTimeZone } from './notification-delivery.ts';
import { notificationChannelKinds, webhookPresets } from './notification-delivery-constants.ts';
import { portfolioCurrencySchema, portfolioTypes } from './portfolio.ts';
import { projectionLimits } from './projections-constants.ts';
import { maxFavorites } from './settings.ts';
import { maxCustomThresholdDays, taxRuleSchema } from './tax.ts';
import { feeCurrencySchema, noteMaxLength } from './transaction.ts';
import { rewardKinds, transactionClassifications, transactionTypes } from './transaction-constants.ts';

/*
 * The whole-account export file (GET /v2/account/export/), version 1. Every entry keeps the id it
 * had where it was exported, only so the entries can name each other (a transaction its
 * portfolio, an alert its channels); an import gives every row a new id and maps those names.
 * Secrets are never in it: no password, session, access token, webhook URL or bot token, wallet
 * key or exchange key. The same schema checks a file on import, so a file that parses is one the
 * database takes (its CHECK constraints are repeated here as refinements).
 */

/** A name an entry is referred to by inside the file; any string, since another program may write it. */
const ref = z.string().min(1).max(100);
const at = z.iso.datetime({ offset: true });
const positive = decimalString('positive');
const nonNegative = decimalString('nonNegative');
const percent = nonNegative.refine((v) => Number(v) <= 100, { message: 'Must be 0 to 100' });
const clockTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/);
const outsideText = z.string().max(300);
/** Coin ids as stored: market ids, and whatever an exchange's or a wallet's reader mapped. */
const coinId = z.string().min(1).max(200);

export const exportAccountSchema = z.object({
  email: z.string().max(authLimits.emailMax),
  username: z.string().max(100),
  picture: z.string().max(authLimits.pictureMax).nullable(),
  email_verified: z.boolean(),
  created_at: at,
});

export const exportSettingsSchema = z.object({
  base_currency: baseCurrencySchema,
  favorites: z.array(z.string().min(1).max(100)).max(maxFavorites),
  cost_basis_method: z.enum(costBasisMethods),
});

export const exportTaxSettingsSchema = z.object({
  rule: taxRuleSchema,
  custom_threshold_days: z.number().int().min(0).max(maxCustomThresholdDays),
  short_rate: percent,
  long_rate: percent,
  yearly_allowance: nonNegative.nullable(),
  /** Files made before per-portfolio lots existed leave it out: off. */
  lots_per_portfolio: z.boolean().default(false),
});

/** A dated change of the tax settings: from `from_year` on (0: from the first transaction). */
export const exportTaxHistoryEntrySchema = z.object({
  from_year: z
    .number()
    .int()
    .refine((y) => y === 0 || (y >= 2009 && y <= 2100), { message: 'A tax year from 2009 to 2100, or 0' }),
  rule: taxRuleSchema,
  custom_threshold_days: z.number().int().min(0).max(maxCustomThresholdDays),
  short_rate: percent,
  long_rate: percent,
  yearly_allowance: nonNegative.nullable(),
  cost_basis_method: z.enum(costBasisMethods),
  created_at: at,
});

export const exportNotificationPreferencesSchema = z.object({
  time_zone: z.string().max(64).refine(isTimeZone, { message: 'Unknown time zone' }),
  quiet_start: clockTime.nullable(),
  quiet_end: clockTime.nullable(),
  digest: z.boolean(),
  digest_time: clockTime,
});

export const exportInsightPreferencesSchema = z.object({
  concentration_threshold: positive,
  near_percent: positive,
  narration_consented_at: at.nullable(),
});

export const exportPortfolioSchema = z.object({
  id: ref,
  name: z.string().trim().min(1).max(100),
  description: z.string().max(noteMaxLength),
  portfolio_type: z.enum(portfolioTypes),
  currency: portfolioCurrencySchema,
  created_at: at,
  updated_at: at,
});

/** A wallet or exchange account, without its key or address: the masked form only. */
export const exportConnectionSchema = z.object({
  id: ref,
  portfolio_id: ref,
  kind: z.enum(connectionKinds),
  label: z.string().max(200),
  masked: z.string().max(300),
  chains: z.array(z.enum(connectionChains)).max(20),
  exchange: z.string().max(60).nullable(),
  script_type: z.string().max(40).nullable(),
  gap_limit: z.number().int().min(0).max(10_000).nullable(),
  created_at: at,
});

export const exportTransactionSchema = z
  .object({
    id: ref,
    portfolio_id: ref,
    coin_id: coinId,
    type: z.enum(transactionTypes),
    quantity: positive,
    price_per_coin: nonNegative.nullable(),
    fee: nonNegative,
    fee_currency: feeCurrencySchema.nullable(),
    executed_at: at,
    note: z.string().max(noteMaxLength),
    reward_kind: z.enum(rewardKinds).nullable(),
    /** The connection entry of this file it came from (null once that connection was removed). */
    source: z.object({ connection_id: ref.nullable(), source_id: outsideText }).nullable(),
    outside_ref: outsideText.nullable(),
    tx_hash: outsideText.nullable(),
    classification: z.enum(transactionClassifications).nullable(),
    matched_transaction_id: ref.nullable(),
    created_at: at,
    updated_at: at,
  })
  .refine((t) => t.price_per_coin !== null || t.type === 'transfer_in', {
    message: 'Only a transfer in may have no price',
    path: ['price_per_coin'],
  });

export const exportCashMovementSchema = z
  .object({
    id: ref,
    portfolio_id: ref,
    connection_id: ref.nullable(),
    source_id: outsideText,
    kind: z.enum(['deposit', 'withdrawal', 'trade']),
    currency: z.string().regex(/^[a-z]{3,10}$/),
    amount: decimalString('any'),
    fee: nonNegative,
    rate: positive,
    transaction_id: ref.nullable(),
    outside_ref: outsideText.nullable(),
    executed_at: at,
    created_at: at,
  })
  .refine((m) => m.kind === 'trade' || !m.amount.startsWith('-'), {
    message: 'A deposit or withdrawal is a positive amount',
    path: ['amount'],
  });

export const exportTransferDecisionSchema = z.object({
  out_transaction_id: ref,
  in_transaction_id: ref,
  kind: z.literal('rejected'),
  created_at: at,
});

/** A lot a sale names; the acquisition may be a row deleted since (the choice then no longer holds). */
export const exportSaleLotChoiceSchema = z.object({
  sale_id: ref,
  acquisition_id: ref,
  quantity: positive,
  position: z.number().int().min(0),
});

/**
 * A piece of the confirmed allocation of the 2024 lots (per-portfolio lots): units of an
 * acquisition placed in a portfolio. The acquisition may be a row deleted since.
 */
export const exportWalletAllocationSchema = z.object({
  coin_id: coinId,
  acquisition_id: ref,
  portfolio_id: ref,
  quantity: positive,
  confirmed_at: at,
});

export const exportRungSchema = z.object({
  coins_sold: positive,
  price_per_coin: positive,
  fees_percentage: percent,
  price_impact_percentage: percent,
  sell_tax: percent,
  transaction_order: z.number().int().min(1),
  created_at: at,
});

export const exportProjectionSchema = z.object({
  id: ref,
  name: z.string().trim().min(1).max(projectionLimits.nameMax),
  description: z.string().max(projectionLimits.descriptionMax).nullable(),
  coin_id: z.string().trim().min(1).max(projectionLimits.coinTextMax),
  coin_name: z.string().max(projectionLimits.coinTextMax),
  coin_symbol: z.string().max(projectionLimits.coinTextMax),
  coin_image: z.string().max(projectionLimits.imageMax),
  invested_capital: nonNegative,
  tokens_owned: nonNegative,
  circulating_supply: nonNegative.nullable(),
  sell_tax: percent,
  currency: baseCurrencySchema,
  created_at: at,
  updated_at: at,
  /** Linked to the real lots of one portfolio (`portfolio_id`) or of all (null); absent: the flat sell tax. */
  tax_link: z.object({ portfolio_id: ref.nullable() }).nullable(),
  rungs: z.array(exportRungSchema).max(projectionLimits.maxTransactions),
});

export const exportAlertSchema = z.object({
  id: ref,
  coin_id: coinId,
  left: alertOperandSchema,
  op: alertOperatorSchema,
  right: alertOperandSchema,
  /** A price threshold's currency (files written before alerts had one: US dollars). */
  currency: baseCurrencySchema.default('usd'),
  active: z.boolean(),
  /** Channel entries of this file; null: every enabled channel. */
  channel_ids: z.array(ref).max(10).nullable(),
  last_triggered_at: at.nullable(),
  created_at: at,
  updated_at: at,
});

export const exportNotificationSchema = z.object({
  id: ref,
  alert_id: ref.nullable(),
  coin_id: coinId,
  event_payload: alertEventPayloadSchema,
  is_read: z.boolean(),
  created_at: at,
});

/** A delivery channel without its secret: `target` is the masked form the settings page shows. */
export const exportNotificationChannelSchema = z.object({
  id: ref,
  kind: z.enum(notificationChannelKinds),
  preset: z.enum(webhookPresets).nullable(),
  name: z.string().trim().min(1).max(60),
  target: z.string().max(300),
  enabled: z.boolean(),
  created_at: at,
});

export const exportWatchlistSchema = z.object({
  id: ref,
  name: z.string().trim().min(1).max(60),
  created_at: at,
  updated_at: at,
  items: z.array(z.object({ coin_id: coinId, created_at: at })).max(10_000),
});

export const exportAllocationTargetSchema = z.object({
  portfolio_id: ref.nullable(),
  type: z.enum(targetTypes),
  key: z.string().trim().min(1).max(100),
  percentage: percent.refine((v) => Number(v) > 0, { message: 'Must be above 0' }),
  created_at: at,
});

export const accountExportSchema = z.object({
  format: z.literal(accountExportFormat),
  version: z.literal(accountExportVersion),
  exported_at: at,
  account: exportAccountSchema,
  settings: exportSettingsSchema.nullable(),
  tax_settings: exportTaxSettingsSchema.nullable(),
  /** The tax settings by tax year; files made before the history travelled leave it out. */
  tax_method_history: z.array(exportTaxHistoryEntrySchema).max(200).default([]),
  notification_preferences: exportNotificationPreferencesSchema.nullable(),
  insight_preferences: exportInsightPreferencesSchema.nullable(),
  portfolios: z.array(exportPortfolioSchema),
  connections: z.array(exportConnectionSchema),
  transactions: z.array(exportTransactionSchema),
  cash_movements: z.array(exportCashMovementSchema),
  transfer_decisions: z.array(exportTransferDecisionSchema),
  sale_lot_choices: z.array(exportSaleLotChoiceSchema),
  /** Files made before per-portfolio lots existed leave it out. */
  tax_wallet_allocations: z.array(exportWalletAllocationSchema).default([]),
  projections: z.array(exportProjectionSchema),
  alerts: z.array(exportAlertSchema),
  notifications: z.array(exportNotificationSchema),
  notification_channels: z.array(exportNotificationChannelSchema),
  watchlists: z.array(exportWatchlistSchema),
  allocation_targets: z.array(exportAllocationTargetSchema),
  /** What of the account is deliberately not in the file, and why (secrets, sessions, caches). */
  left_out: z.array(z.object({ table: z.string(), reason: z.string() })),
});
export type AccountExport = z.infer<typeof accountExportSchema>;
export type ExportTransaction = z.infer<typeof exportTransactionSchema>;
export type ExportProjection = z.infer<typeof exportProjectionSchema>;
