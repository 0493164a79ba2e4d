/**
 * Numbers: parsed with commas removed; anything non-numeric becomes 0.
 * Inputs arrive from upstream APIs and user text, so every shape is tolerated.
 */
export function parseLooseNumber(value: unknown): number {
  if (typeof value === 'number') return Number.isFinite(value) ? value : 0;
  if (typeof value !== 'string') return 0;
  const cleaned = value.replaceAll(',', '').trim();
  if (cleaned === '' || !/^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(cleaned)) return 0;
  const n = Number(cleaned);
  return Number.isFinite(n) ? n : 0;
}

/**
 * Parsed with commas removed, for decimal strings typed into a form: "2,000.50" →
 * "2000.50". Spaces (including the narrow no-break space some locales group with) go too. The
 * result stays a string, so the amount keeps every digit the person typed.
 */
export function normalizeDecimalInput(text: string): string {
  return text.replace(/[,\s\u00a0\u202f]/g, '');
}
