import { yieldToMain } from '@/lib/yield-to-main';

/** A zod schema's synchronous parse. */
interface SyncSchema<T> {
  parse(input: unknown): T;
}

/** Rows parsed per slice: a slice of the market list (168 sparkline points a row) is a few ms. */
const defaultSliceRows = 25;

/**
 * A page of rows parsed a slice of rows at a time, yielding between slices, so a long list is not
 * one long task (the terminal's 250 market rows with their sparklines were the largest
 * single task of its load). The result is the page schema's own: the envelope is parsed by it
 * with no rows, each row by `rowSchema` (the page's `results` element schema, which must be its
 * only constraint on the rows); anything that fails is parsed again whole by the page schema, so
 * the error is exactly the one it throws.
 */
export function slicedListParse<T extends { results: R[] }, R>(
  pageSchema: SyncSchema<T>,
  rowSchema: SyncSchema<R>,
  sliceRows = defaultSliceRows,
): { parse: (input: unknown) => Promise<T> } {
  return {
    async parse(input) {
      const rows = (input as { results?: unknown } | null)?.results;
      if (typeof input !== 'object' || input === null || !Array.isArray(rows)) return pageSchema.parse(input);
      try {
        const page = pageSchema.parse({ ...input, results: [] });
        const results: R[] = [];
        for (let at = 0; at < rows.length; at += sliceRows) {
          if (at > 0) await yieldToMain();
          for (const row of rows.slice(at, at + sliceRows)) results.push(rowSchema.parse(row));
        }
        return { ...page, results };
      } catch {
        return pageSchema.parse(input);
      }
    },
  };
}
