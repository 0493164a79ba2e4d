import {
  type Alert,
  type AlertOperand,
  type AlertOperandInput,
  type AlertOperator,
  alertCreateBodySchema,
  type BaseCurrency,
  type FieldErrors,
  hasPriceThreshold,
} from '@app/contracts';
import type { AlertBody } from '../api/alerts-api';
import type { OperandDraft } from './operand-fields';

export interface AlertDraft {
  left: OperandDraft;
  op: AlertOperator;
  right: OperandDraft;
  active: boolean;
  /** The delivery channels chosen; null = every enabled channel. */
  channelIds: string[] | null;
  /**
   * The currency a price threshold is typed in: an edited alert's own, or null for the user's base
   * currency (read when shown and sent, so settings that arrive late still count).
   */
  currency: BaseCurrency | null;
}

export const newAlertDraft = (price?: string): AlertDraft => ({
  left: { kind: 'price', period: '', value: '' },
  op: '>=',
  right: { kind: 'value', period: '', value: price ?? '' },
  active: true,
  channelIds: null,
  currency: null,
});

function operandDraft(o: AlertOperand): OperandDraft {
  if (o.type === 'value') return { kind: 'value', period: '', value: String(o.value) };
  return { kind: o.metric, period: o.params.period === null ? '' : String(o.params.period), value: '' };
}

/** An alert without a price threshold has no currency of its own: one added later is in the base. */
export const draftFromAlert = (a: Alert): AlertDraft => ({
  left: operandDraft(a.left),
  op: a.op,
  right: operandDraft(a.right),
  active: a.active,
  channelIds: a.channel_ids ?? null,
  currency: a.currency,
});

/** True when the draft compares the price with a number, the one amount typed in a currency. */
export function draftHasPriceThreshold(d: Pick<AlertDraft, 'left' | 'right'>): boolean {
  const side = (o: OperandDraft) =>
    o.kind === 'value' ? { type: 'value', metric: null } : { type: 'indicator', metric: o.kind };
  return hasPriceThreshold({ left: side(d.left), right: side(d.right) });
}

/** Text → number where the field is filled; a non-number goes through as text so the contract names it. */
function num(text: string): number | string | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  const n = Number(trimmed.replace(/,/g, ''));
  return Number.isFinite(n) ? n : trimmed;
}

function operandInput(d: OperandDraft): AlertOperandInput {
  if (d.kind === 'value') return { type: 'value', value: num(d.value) as number };
  const period = num(d.period);
  return {
    type: 'indicator',
    metric: d.kind,
    ...(period !== undefined ? { params: { period: period as number } } : {}),
  };
}

export function bodyFromDraft(coinId: string, d: AlertDraft, base: BaseCurrency): AlertBody {
  return {
    coin_id: coinId,
    left: operandInput(d.left),
    op: d.op,
    right: operandInput(d.right),
    active: d.active,
    channel_ids: d.channelIds,
    ...(draftHasPriceThreshold(d) ? { currency: d.currency ?? base } : {}),
  };
}

/**
 * Checks the draft with the very contract the server uses, so messages match word for word and
 * the common mistakes never need a round trip. Returns field errors keyed like the server's.
 */
export function validateDraft(coinId: string, d: AlertDraft, base: BaseCurrency): FieldErrors {
  const parsed = alertCreateBodySchema.safeParse(bodyFromDraft(coinId, d, base));
  if (parsed.success) return {};
  const fields: Record<string, string[]> = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path.join('.') || 'non_field_errors';
    fields[key] = [...(fields[key] ?? []), issue.message];
  }
  return fields;
}
