import { z } from 'zod';
import { decimalString } from './decimal-strings.ts';
import { entityIdSchema } from './entity-ids.ts';
import { lotChoiceMessages, maxLotChoiceLines } from './lot-choice-constants.ts';

/*
 * Specific identification: a sale names the lots it sells and how much of each. The lot is the
 * acquiring transaction's id, the id the lots view and the report show for a lot.
 */

export const lotChoiceLineSchema = z
  .object({
    acquisition_id: entityIdSchema,
    quantity: decimalString('positive', 'Quantity'),
  })
  .strict();
export type LotChoiceLine = z.infer<typeof lotChoiceLineSchema>;

/** The lots a sale names: each acquisition once, at most `maxLotChoiceLines` of them. */
export const lotChoiceListSchema = z
  .array(lotChoiceLineSchema)
  .min(1, lotChoiceMessages.empty)
  .max(maxLotChoiceLines, lotChoiceMessages.tooMany)
  .superRefine((lines, ctx) => {
    const seen = new Set<string>();
    lines.forEach((line, i) => {
      if (seen.has(line.acquisition_id))
        ctx.addIssue({ code: 'custom', path: [i, 'acquisition_id'], message: lotChoiceMessages.duplicate });
      seen.add(line.acquisition_id);
    });
  });

/**
 * On a transaction body: the lots named (a sale only), null for none (the method of the year
 * applies). On an edit, leaving it out keeps the choice stored with the sale.
 */
export const lotChoiceFieldSchema = lotChoiceListSchema.nullable().optional();
