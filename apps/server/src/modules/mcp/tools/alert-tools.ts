import {
  alertLimits,
  alertListResponseSchema,
  alertMetrics,
  alertOperators,
  alertRoutes,
  alertSchema,
  baseCurrencySchema,
  notificationListResponseSchema,
} from '@app/contracts';
import { z } from 'zod';
import { defineTool } from '../tool-kit.ts';
import { coinIdArg, pageArg } from './tool-inputs.ts';

/**
 * A price threshold (the price compared with a number) is in the alert's own `currency`; every
 * other condition is compared in US dollars.
 */
const alertCurrency = 'usd';
const alertCurrencyNote =
  "A price threshold (price against a number) is in the alert's own currency (its `currency`, by default the user's base currency when created); indicator conditions are in USD.";

const operandArg = z
  .object({
    type: z.enum(['indicator', 'value']).describe('"indicator" for a market metric, "value" for a constant.'),
    metric: z.enum(alertMetrics).nullable().optional().describe('The metric of an indicator operand.'),
    params: z
      .object({
        period: z
          .number()
          .int()
          .nullable()
          .optional()
          .describe(`Days for rsi, ema and sma (${alertLimits.periodMin}-${alertLimits.periodMax}).`),
      })
      .nullable()
      .optional(),
    value: z
      .number()
      .nullable()
      .optional()
      .describe('The number of a constant operand (a price in the alert currency when compared with price).'),
  })
  .describe('One side of the condition: an indicator (metric, params.period) or a constant (value).');

export const listAlerts = defineTool({
  name: 'list_alerts',
  title: 'Alerts',
  description:
    "The user's price and indicator alerts: each condition (left operand, operator, right operand), whether it is active, when it last fired, and the engine's last evaluation.",
  scope: 'read',
  input: z.object({}),
  data: alertListResponseSchema,
  async run(_args, { rest }) {
    const alerts = await rest.get(alertListResponseSchema, alertRoutes.alerts);
    const waiting = alerts.results.filter((a) => a.waiting_for_data === true).length;
    return {
      data: alerts,
      currency: alertCurrency,
      currencyNote: alertCurrencyNote,
      caveats:
        waiting > 0 ? [`${waiting} alert(s) wait for enough price history to compute their indicator.`] : [],
      headline: `${alerts.count} alert(s), ${alerts.results.filter((a) => a.active).length} active`,
    };
  },
});

export const listNotifications = defineTool({
  name: 'list_notifications',
  title: 'Notifications',
  description:
    'In-app notifications newest first: each fired alert with the values of both operands at the moment it fired, read or unread, with the unread count.',
  scope: 'read',
  input: z.object({
    page: pageArg,
    page_size: z
      .number()
      .int()
      .min(1)
      .max(alertLimits.notificationPageSizeMax)
      .optional()
      .describe(`Rows per page (default ${alertLimits.notificationPageSizeDefault}).`),
  }),
  data: notificationListResponseSchema,
  async run(args, { rest }) {
    const list = await rest.get(notificationListResponseSchema, alertRoutes.notifications, args);
    const demo = list.results.filter((n) => n.event_payload.demo === true).length;
    return {
      data: list,
      currency: alertCurrency,
      currencyNote:
        'Operand values are the figures the engine compared: in event_payload.values_currency when set (a price threshold in that currency), else in USD, with event_payload.currency giving the base currency and its rate at firing.',
      caveats:
        demo > 0 ? [`${demo} notification(s) fired on demo data (simulated prices), not real prices.`] : [],
      headline: `${list.results.length} of ${list.count} notification(s), ${list.unread_count} unread`,
    };
  },
});

export const createAlert = defineTool({
  name: 'create_alert',
  title: 'Create an alert',
  description:
    'Creates a price or indicator alert on a coin: it fires when left op right holds, e.g. price crosses_above the value 100000, or rsi (period 14) <= the value 30. At least one side must be an indicator. Returns the stored alert.',
  scope: 'write:alerts',
  input: z.object({
    coin_id: coinIdArg,
    left: operandArg,
    op: z.enum(alertOperators),
    right: operandArg,
    active: z.boolean().optional().describe('Start paused with false (default true).'),
    currency: baseCurrencySchema
      .optional()
      .describe(
        "The currency of a price threshold, e.g. eur (default: the user's base currency). Ignored for indicator conditions.",
      ),
  }),
  data: alertSchema,
  async run(args, { rest }) {
    const alert = await rest.post(alertSchema, alertRoutes.alerts, args);
    return {
      data: alert,
      currency: alert.currency ?? alertCurrency,
      currencyNote: alertCurrencyNote,
      headline: `Alert ${alert.id} on ${alert.coin_id} created`,
    };
  },
});
