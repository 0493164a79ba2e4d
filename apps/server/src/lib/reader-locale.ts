/** The locale of a reader who sent no usable Accept-Language (the app's own). */
export const defaultReaderLocale = 'en-US';

/** Tags read from one header: a browser sends a handful; a longer list is not a reader's. */
const maxTags = 20;

/**
 * The reader's locale for text the server writes (issue 14 "dates in the user's locale"): the
 * Accept-Language tag with the highest weight that Intl can format, else en-US. The browser sends
 * the header with every fetch, so the server writes in the language settings the page runs under.
 */
export function readerLocale(acceptLanguage: string | string[] | undefined): string {
  const header = Array.isArray(acceptLanguage) ? acceptLanguage.join(',') : (acceptLanguage ?? '');
  const tags = header
    .split(',')
    .slice(0, maxTags)
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
      const weight = q === undefined ? 1 : Number(q);
      return { tag: tag.trim(), weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((t) => t.tag !== '' && t.tag !== '*' && t.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  for (const { tag } of tags) {
    try {
      const [supported] = Intl.DateTimeFormat.supportedLocalesOf([tag]);
      if (supported) return supported;
    } catch {
      // Not a well-formed language tag: try the next one.
    }
  }
  return defaultReaderLocale;
}
