import { z } from 'zod';
import {
  type AlertOperator,
  alertMetrics,
  alertOperators,
  isPeriodMetric,
  type PeriodMetric,
} from './alerts-constants.ts';
import { baseCurrencySchema } from './base-currency.ts';
import { defaultBaseCurrency, marketModes, marketSourceIds } from './market-constants.ts';

// Route paths and stream event names live apart from the schemas, so the app shell's event
// stream does not load every alert schema.
export * from './alert-routes.ts';

/**
 * Price and indicator alerts and their notifications .
 *
 * Wire format of an operand, in alerts and in notification payloads alike ("Each operand
 * has metric, params.period, type and value"); every key is always present, null when unused:
 *   indicator: { type: 'indicator', metric: 'rsi', params: { period: 14 }, value: null }
 *   constant:  { type: 'value', metric: null, params: { period: null }, value: 100000 }
 * In a notification's event_payload, `value` holds the operand's value at the firing moment.
 */

export const operandTypes = ['indicator', 'value'] as const;

export const alertLimits = {
  periodMin: 2,
  periodMax: 500,
  /** Per-user cap on stored alerts (active or paused), so one account cannot load the engine. */
  perUser: 100,
  coinIdMax: 100,
  notificationIdsMax: 500,
  notificationPageSizeMax: 100,
  notificationPageSizeDefault: 20,
} as const;

/** Our own wording (the spec is silent), shared so the server, the form and tests agree. */
export const alertMessages = {
  typeInvalid: "Operand type must be 'indicator' or 'value'.",
  metricUnknown: `Unknown metric. Use one of: ${alertMetrics.join(', ')}.`,
  metricRequired: 'Choose a metric for this side of the condition.',
  metricOnConstant: 'A constant has no metric; leave metric empty or use type indicator.',
  periodInvalid: `Period must be a whole number from ${alertLimits.periodMin} to ${alertLimits.periodMax}.`,
  periodRequired: (metric: PeriodMetric) =>
    `${metric.toUpperCase()} needs a period from ${alertLimits.periodMin} to ${alertLimits.periodMax}.`,
  paramsInvalid: 'params must be an object such as {"period": 14}.',
  valueInvalid: 'Value must be a finite number.',
  valueRequired: 'Enter a number to compare with.',
  valueOnIndicator: 'An indicator takes its value from the market; leave value empty or use type value.',
  bothConstant: 'At least one side must be a metric: a condition between two constants never changes.',
  sameOperands: 'Both sides are the same metric, so the condition never changes.',
  operatorInvalid: `Operator must be one of ${alertOperators.join(', ')}.`,
  coinRequired: 'Coin ID is required',
  coinUnknown: 'Unknown coin. Pick a coin from the market list.',
  alertNotFound: 'Alert not found.',
  activeInvalid: 'active must be true or false.',
  nothingToUpdate: 'Provide at least one field to update.',
  limitReached: (limit: number) =>
    `You can have at most ${limit} alerts. Delete an alert you no longer need to create a new one.`,
  waitingForData: 'Waiting for enough price history to compute this indicator.',
  idsRequired: 'Select at least one notification.',
  idsTooMany: `Mark at most ${alertLimits.notificationIdsMax} notifications at once.`,
} as const;

export const alertMetricSchema = z.enum(alertMetrics, { error: alertMessages.metricUnknown });
export const alertOperatorSchema = z.enum(alertOperators, { error: alertMessages.operatorInvalid });

export const alertPeriodSchema = z
  .int({ error: alertMessages.periodInvalid })
  .min(alertLimits.periodMin, alertMessages.periodInvalid)
  .max(alertLimits.periodMax, alertMessages.periodInvalid);

/** A stored/normalised operand: the shape every response carries. */
export const alertOperandSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('indicator'),
    metric: alertMetricSchema,
    params: z.object({ period: alertPeriodSchema.nullable() }),
    value: z.null(),
  }),
  z.object({
    type: z.literal('value'),
    metric: z.null(),
    params: z.object({ period: z.null() }),
    value: z.number(),
  }),
]);
export type AlertOperand = z.infer<typeof alertOperandSchema>;
export type IndicatorOperand = Extract<AlertOperand, { type: 'indicator' }>;

/**
 * What clients send. Lenient about omitted keys (metric/params/value may be absent or null where
 * unused) but strict about contradictions, and every problem lands on its own path, e.g.
 * `left.params.period`. Output is the normalised AlertOperand: a period given to price or to
 * the macd family is dropped (they do not use one), after being range-checked like any other.
 */
export const alertOperandInputSchema = z
  .object({
    type: z.enum(operandTypes, { error: alertMessages.typeInvalid }),
    metric: alertMetricSchema.nullish(),
    params: z
      .object({ period: alertPeriodSchema.nullish() }, { error: alertMessages.paramsInvalid })
      .nullish(),
    value: z.number({ error: alertMessages.valueInvalid }).nullish(),
  })
  .superRefine((o, ctx) => {
    const issue = (path: string[], message: string) => ctx.addIssue({ code: 'custom', path, message });
    if (o.type === 'value') {
      if (o.value == null) issue(['value'], alertMessages.valueRequired);
      if (o.metric != null) issue(['metric'], alertMessages.metricOnConstant);
      return;
    }
    if (o.value != null) issue(['value'], alertMessages.valueOnIndicator);
    if (o.metric == null) issue(['metric'], alertMessages.metricRequired);
    else if (isPeriodMetric(o.metric) && o.params?.period == null) {
      issue(['params', 'period'], alertMessages.periodRequired(o.metric));
    }
  })
  .transform((o): AlertOperand => {
    // The `??` fallbacks are unreachable: zod skips the transform once superRefine reported an issue.
    if (o.type === 'value')
      return { type: 'value', metric: null, params: { period: null }, value: o.value ?? 0 };
    const metric = o.metric ?? 'price';
    const period = isPeriodMetric(metric) ? (o.params?.period ?? null) : null;
    return { type: 'indicator', metric, params: { period }, value: null };
  });
export type AlertOperandInput = z.input<typeof alertOperandInputSchema>;

export interface AlertCondition {
  left: AlertOperand;
  op: AlertOperator;
  right: AlertOperand;
}

function isNormalisedOperand(operand: unknown): boolean {
  if (typeof operand !== 'object' || operand === null) return false;
  const params = (operand as { params?: unknown }).params;
  return typeof params === 'object' && params !== null && 'value' in operand;
}

/**
 * Rules that need both sides. Exported so PATCH handlers can re-check the merged condition
 * (stored left + new right, say), which the partial body schema alone cannot see.
 */
export function alertConditionIssues(c: Pick<AlertCondition, 'left' | 'right'>): {
  path: string[];
  message: string;
}[] {
  // A body whose operands failed their own checks arrives here as sent, not normalised (zod still
  // runs the body's check); those issues are reported already and there is nothing to compare.
  if (!isNormalisedOperand(c.left) || !isNormalisedOperand(c.right)) return [];
  if (c.left.type === 'value' && c.right.type === 'value') {
    return [{ path: ['right'], message: alertMessages.bothConstant }];
  }
  if (
    c.left.type === 'indicator' &&
    c.right.type === 'indicator' &&
    c.left.metric === c.right.metric &&
    c.left.params.period === c.right.params.period
  ) {
    return [{ path: ['right'], message: alertMessages.sameOperands }];
  }
  return [];
}

export const alertConditionSchema = z
  .object({ left: alertOperandSchema, op: alertOperatorSchema, right: alertOperandSchema })
  .superRefine((c, ctx) => {
    for (const i of alertConditionIssues(c)) ctx.addIssue({ code: 'custom', ...i });
  });

/**
 * Per-alert channel choice: ids of the user's delivery channels; null = every enabled
 * channel. Kept here (not beside the delivery schemas) so pages that only read alerts stay small.
 */
export const alertChannelIdsSchema = z.array(z.string().trim().min(1).max(100)).max(10).nullable();

const coinIdSchema = z
  .string({ error: alertMessages.coinRequired })
  .trim()
  .min(1, alertMessages.coinRequired)
  .max(alertLimits.coinIdMax);
const activeSchema = z.boolean({ error: alertMessages.activeInvalid });

/** POST /v2/alerts/ */
export const alertCreateBodySchema = z
  .object({
    coin_id: coinIdSchema,
    left: alertOperandInputSchema,
    op: alertOperatorSchema,
    right: alertOperandInputSchema,
    active: activeSchema.default(true),
    /** Where this alert is delivered besides the app; omitted or null = every enabled channel. */
    channel_ids: alertChannelIdsSchema.optional(),
    /**
     * The currency a price threshold is typed in (the price compared with a number); omitted: the
     * user's base currency. A condition without a price threshold has none, and this is ignored.
     */
    currency: baseCurrencySchema.optional(),
  })
  .superRefine((b, ctx) => {
    for (const i of alertConditionIssues(b)) ctx.addIssue({ code: 'custom', ...i });
  });
export type AlertCreateBody = z.infer<typeof alertCreateBodySchema>;

/** PATCH /v2/alerts/{id}/: any subset; when only one side changes, re-check with alertConditionIssues. */
export const alertUpdateBodySchema = z
  .object({
    coin_id: coinIdSchema.optional(),
    left: alertOperandInputSchema.optional(),
    op: alertOperatorSchema.optional(),
    right: alertOperandInputSchema.optional(),
    active: activeSchema.optional(),
    channel_ids: alertChannelIdsSchema.optional(),
    /** The price threshold's currency; omitted: the alert keeps its own. */
    currency: baseCurrencySchema.optional(),
  })
  .superRefine((b, ctx) => {
    if (Object.values(b).every((v) => v === undefined)) {
      ctx.addIssue({ code: 'custom', path: [], message: alertMessages.nothingToUpdate });
    }
    if (b.left && b.right) {
      for (const i of alertConditionIssues({ left: b.left, right: b.right })) {
        ctx.addIssue({ code: 'custom', ...i });
      }
    }
  });
export type AlertUpdateBody = z.infer<typeof alertUpdateBodySchema>;

const timestamp = z.string(); // ISO 8601, as elsewhere in contracts.

/**
 * The alert engine's last run: it evaluates only fresh data, so while the market
 * copy is stale (a provider outage) it skips and says so here; `mode` demo means simulated prices.
 */
export const alertEvaluationSchema = z.object({
  status: z.enum(['evaluated', 'skipped_stale']),
  /** When the engine last ran (ISO). */
  at: timestamp,
  /** As of when the market figures it saw were fetched (ISO). */
  data_as_of: timestamp,
  source: z.enum(marketSourceIds),
  mode: z.enum(marketModes),
});
export type AlertEvaluation = z.infer<typeof alertEvaluationSchema>;

export const alertSchema = z.object({
  id: z.string(),
  coin_id: z.string(),
  left: alertOperandSchema,
  op: alertOperatorSchema,
  right: alertOperandSchema,
  active: z.boolean(),
  created_at: timestamp,
  updated_at: timestamp,
  last_triggered_at: timestamp.nullable(),
  /**
   * An alert on a coin without enough daily history for its period is accepted but says it
   * waits for data; true until every indicator operand can be computed.
   */
  waiting_for_data: z.boolean().optional(),
  /** The engine's last run for active alerts; null before the first run or when paused. */
  evaluation: alertEvaluationSchema.nullable().optional(),
  /** The channels chosen for this alert; null = every enabled channel. */
  channel_ids: z.array(z.string()).nullable().optional(),
  /**
   * The currency of the alert's price threshold, kept when the user changes base currency; null
   * when the condition has no price threshold (indicators are compared in US dollars).
   */
  currency: baseCurrencySchema.nullable(),
});
export type Alert = z.infer<typeof alertSchema>;

export const alertListResponseSchema = z.object({
  results: z.array(alertSchema),
  count: z.int().nonnegative(),
  next: z.string().nullable(),
  previous: z.string().nullable(),
});
export type AlertListResponse = z.infer<typeof alertListResponseSchema>;

/** An operand as recorded when its alert fired: value is what it was at that moment. */
export const alertEventOperandSchema = z.object({
  type: z.enum(operandTypes),
  metric: alertMetricSchema.nullable(),
  params: z.object({ period: alertPeriodSchema.nullable() }),
  value: z.number(),
});
export type AlertEventOperand = z.infer<typeof alertEventOperandSchema>;

export const alertEventPayloadSchema = z.object({
  left: alertEventOperandSchema,
  op: alertOperatorSchema,
  right: alertEventOperandSchema,
  /** Present and true when the alert fired on the bundled snapshot's simulated prices (demo mode). */
  demo: z.boolean().optional(),
  /**
   * The user's base currency at firing and its units per US dollar then, so money reads
   * in that currency; the operands' values stay the US-dollar figures the engine compared.
   */
  currency: z.object({ code: baseCurrencySchema, rate: z.number() }).optional(),
  /**
   * Set when the operands' values are in another currency than US dollars (a price threshold
   * typed in that currency, compared in it): money then reads in it as it is, without `currency`.
   */
  values_currency: baseCurrencySchema.optional(),
  /** Present on the one notice that a delivery channel started failing. */
  channel_failure: z
    .object({ channel_id: z.string(), channel_name: z.string(), error: z.string() })
    .optional(),
  /**
   * Present on the one notice that a wallet connection started failing to sync (told once per
   * run of failures). It fired no alert: its operands are zero values, shown by nobody.
   */
  connection_failure: z
    .object({ connection_id: z.string(), connection_label: z.string(), error: z.string() })
    .optional(),
});
export type AlertEventPayload = z.infer<typeof alertEventPayloadSchema>;

/** One notification, as the API serves it. */
export const notificationSchema = z.object({
  id: z.string(),
  is_read: z.boolean(),
  created_at: timestamp,
  coin_coingecko_id: z.string(),
  event_payload: alertEventPayloadSchema,
});
export type Notification = z.infer<typeof notificationSchema>;

/** GET /v2/notifications/ query; newest first. */
export const notificationListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce
    .number()
    .int()
    .min(1)
    .max(alertLimits.notificationPageSizeMax)
    .default(alertLimits.notificationPageSizeDefault),
});
export type NotificationListQuery = z.infer<typeof notificationListQuerySchema>;

export const notificationListResponseSchema = z.object({
  results: z.array(notificationSchema),
  count: z.int().nonnegative(),
  next: z.string().nullable(),
  previous: z.string().nullable(),
  unread_count: z.int().nonnegative(),
});
export type NotificationListResponse = z.infer<typeof notificationListResponseSchema>;

/** POST /v2/notifications/read/ */
export const notificationReadBodySchema = z.object({
  ids: z
    .array(z.string().trim().min(1).max(100), { error: alertMessages.idsRequired })
    .min(1, alertMessages.idsRequired)
    .max(alertLimits.notificationIdsMax, alertMessages.idsTooMany),
});
export type NotificationReadBody = z.infer<typeof notificationReadBodySchema>;

/** Response of read/ and read-all/: how many changed, and the badge count after the change. */
export const notificationReadResponseSchema = z.object({
  updated: z.int().nonnegative(),
  unread_count: z.int().nonnegative(),
});
export type NotificationReadResponse = z.infer<typeof notificationReadResponseSchema>;

export const notificationStreamEventSchema = z.object({ id: z.string() });
export const buffersStreamEventSchema = z.object({ at: z.string() });

/** GET /v2/cryptocurrencies/{id}/indicators/ */
export const indicatorMetrics = ['sma', 'ema', 'rsi', 'macd'] as const;
export const indicatorLimits = { daysMin: 2, daysMax: 2000, daysDefault: 180 } as const;
export const indicatorMessages = {
  metricUnknown: `Unknown metric. Use one of: ${indicatorMetrics.join(', ')}.`,
  daysInvalid: `days must be a whole number from ${indicatorLimits.daysMin} to ${indicatorLimits.daysMax}.`,
} as const;

export const indicatorQuerySchema = z
  .object({
    metric: z.enum(indicatorMetrics, { error: indicatorMessages.metricUnknown }),
    period: z.coerce.number({ error: alertMessages.periodInvalid }).pipe(alertPeriodSchema).optional(),
    days: z.coerce
      .number({ error: indicatorMessages.daysInvalid })
      .int({ error: indicatorMessages.daysInvalid })
      .min(indicatorLimits.daysMin, indicatorMessages.daysInvalid)
      .max(indicatorLimits.daysMax, indicatorMessages.daysInvalid)
      .default(indicatorLimits.daysDefault),
    vs_currency: baseCurrencySchema.default(defaultBaseCurrency),
  })
  .superRefine((q, ctx) => {
    if (q.metric !== 'macd' && q.period === undefined) {
      ctx.addIssue({ code: 'custom', path: ['period'], message: alertMessages.periodRequired(q.metric) });
    }
  });
export type IndicatorQuery = z.infer<typeof indicatorQuerySchema>;

const seriesValues = z.array(z.number().nullable());

/**
 * The closes used (completed daily closes, oldest first, as the OHLC route serves them) and the
 * indicator aligned to them, null over the lookback, so anyone can recompute and check.
 */
export const indicatorResponseSchema = z.object({
  coin_id: z.string(),
  vs_currency: z.string(),
  metric: z.enum(indicatorMetrics),
  period: z.int().nullable(),
  closes: z.array(z.number()),
  timestamps: z.array(z.number()),
  values: seriesValues.optional(),
  macd: seriesValues.optional(),
  signal: seriesValues.optional(),
  histogram: seriesValues.optional(),
});
export type IndicatorResponse = z.infer<typeof indicatorResponseSchema>;
