import Negotiator from 'negotiator';

/** The locale of a reader who sent no usable Accept-Language (the app's own). */
export const defaultReaderLocale = 'en-US';

/** Tags tried from one header: a browser sends a handful; a longer list is not a reader's. */
const maxTags = 20;

/**
 * The reader's locale for text the server writes, so dates read in the user's locale: the
 * Accept-Language tag with the highest weight that Intl can format, else en-US. The browser sends
 * the header with every fetch, so the server writes in the language settings the page runs under.
 */
export function readerLocale(acceptLanguage: string | string[] | undefined): string {
  const header = Array.isArray(acceptLanguage) ? acceptLanguage.join(',') : acceptLanguage;
  if (header === undefined || header.trim() === '') return defaultReaderLocale;
  const tags = new Negotiator({ headers: { 'accept-language': header } }).languages();
  for (const tag of tags.filter((t) => t !== '*').slice(0, maxTags)) {
    try {
      const [supported] = Intl.DateTimeFormat.supportedLocalesOf([tag]);
      if (supported) return supported;
    } catch {
      // Not a well-formed language tag: try the next one.
    }
  }
  return defaultReaderLocale;
}
