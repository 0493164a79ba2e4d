/**
 * Shortest text taken for a transaction id. Exports fill the column with placeholders ('-',
 * 'n/a', 'pending'); two of those agreeing proves nothing, while every chain's real id is far
 * longer than this.
 */
const minimumHashLength = 16;

/**
 * The form two sources' ids of one transaction agree on: explorers, exchanges and CSVs differ in
 * case and in the 0x prefix of hex ids. Null when the text cannot be a transaction id (too short,
 * or words such as 'Internal transfer').
 */
export function normaliseTxHash(hash: string | null | undefined): string | null {
  if (hash === null || hash === undefined) return null;
  let text = hash.trim().toLowerCase();
  if (/^0x[0-9a-f]+$/.test(text)) text = text.slice(2);
  if (text.length < minimumHashLength || /\s/.test(text)) return null;
  return text;
}
