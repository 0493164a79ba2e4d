import type { TaxCategory } from '@app/contracts';

/** What the report calls each tax category and each way a sale was matched to what it consumed. */
export const categoryLabels: Record<TaxCategory, string> = {
  short: 'Short-term',
  long: 'Long-term',
  taxable: 'Taxable (held one year or less)',
  tax_free: 'Tax-free (held more than one year)',
  gain: 'Gains',
};

export const basisLabels: Record<string, string> = {
  lot: 'Lot',
  chosen: 'Chosen lot',
  pool: 'Average pool',
  same_day: 'Same day',
  bed_and_breakfast: '30 days',
  section_104: 'Section 104 pool',
  unmatched: 'No acquisition',
};
