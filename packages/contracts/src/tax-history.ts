import { z } from 'zod';
import { costBasisMethods } from './cost-basis-constants.ts';
import { decimalOut, decimalString } from './decimal-strings.ts';
import { effectiveMethodSchema, maxCustomThresholdDays, taxRuleSchema } from './tax.ts';

/*
 * The history of the tax settings: from a tax year on, a cost-basis method and a tax rule with
 * its rates. The latest entry is the current setting (Settings → Cost basis method, Tax rule).
 */

/** Tax years a change may start from: no earlier than Bitcoin. */
export const earliestTaxChangeYear = 2009;

export const taxHistoryEntrySchema = z.object({
  /** null: the first entry, from the first transaction on. */
  from_year: z.number().int().nullable(),
  /** The label of that first tax year ("2024", "2024/25"); null for the first entry. */
  from_label: z.string().nullable(),
  method: z.enum(costBasisMethods),
  rule: taxRuleSchema,
  custom_threshold_days: z.number().int(),
  short_rate: decimalOut,
  long_rate: decimalOut,
  yearly_allowance: decimalOut.nullable(),
  /** The matching the rule actually uses with that method (the UK's and Germany's fix it). */
  effective_method: effectiveMethodSchema,
});
export type TaxHistoryEntry = z.infer<typeof taxHistoryEntrySchema>;

export const taxHistorySchema = z.object({
  /** Oldest first; never empty. */
  entries: z.array(taxHistoryEntrySchema).min(1),
  /** The current tax year under the current rule. */
  current_year: z.number().int(),
  /** A change may start no later than this (next tax year). */
  latest_year: z.number().int(),
  /** A change must start after the latest entry's year: the earliest year one may name now. */
  earliest_year: z.number().int(),
});
export type TaxHistory = z.infer<typeof taxHistorySchema>;

const percent = decimalString('nonNegative', 'Rate').refine((v) => Number(v) <= 100, {
  message: 'Please enter a valid percentage (0-100)',
});

/**
 * A change from a tax year on. Fields left out keep the latest entry's value. A year before the
 * current one rewrites the reports of those years, so it needs `confirm_past_years`.
 */
export const addTaxChangeSchema = z
  .object({
    from_year: z.number().int().min(earliestTaxChangeYear).max(2100),
    method: z.enum(costBasisMethods).optional(),
    rule: taxRuleSchema.optional(),
    custom_threshold_days: z.number().int().min(0).max(maxCustomThresholdDays).optional(),
    short_rate: percent.optional(),
    long_rate: percent.optional(),
    yearly_allowance: decimalString('nonNegative', 'Yearly allowance').nullable().optional(),
    confirm_past_years: z.boolean().optional(),
  })
  .strict();
export type AddTaxChange = z.infer<typeof addTaxChangeSchema>;

export const taxHistoryMessages = {
  notAfterLatest: (label: string) => `A change must start after the latest one (from ${label}).`,
  tooLate: (label: string) => `A change can start no later than next tax year (${label}).`,
  unchanged: 'This is what applies from that year already: change the method, the rule or a rate.',
  otherCalendar:
    'The UK’s tax year runs from 6 April and Germany counts Berlin days: a change between one of them and another rule would leave days in no year’s report or in two. Change the rule for every year instead (Settings → Tax rule).',
  confirmPast: 'This changes the reports of earlier tax years: confirm to go ahead.',
  nothingToRemove: 'There is no change to remove: the first entry applies to every year.',
} as const;
