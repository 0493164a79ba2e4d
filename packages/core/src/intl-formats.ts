/**
 * Intl formatters, built once per locale and options. Building one costs far more than formatting
 * with it (locale data is resolved on construction), and a page formats hundreds of figures as it
 * renders: the terminal's rows and side lists built a new NumberFormat per price, a large part of
 * its blocking time. A page's set of keys is small (locales × currencies × decimals), but
 * the server builds formats in each reader's locale and time zone (the terminal's painted badge),
 * which a client names: each cache keeps its most recent `maxFormats`, never more.
 */
const numberFormats = new Map<string, Intl.NumberFormat>();
const dateFormats = new Map<string, Intl.DateTimeFormat>();
const maxFormats = 256;

/** Keeps `format` under `key`, dropping the oldest entry past `maxFormats` (a Map keeps insertion order). */
function remember<T>(cache: Map<string, T>, key: string, format: T): T {
  cache.set(key, format);
  if (cache.size > maxFormats) {
    const oldest = cache.keys().next().value;
    if (oldest !== undefined) cache.delete(oldest);
  }
  return format;
}

function keyOf(locale: string | undefined, options: object): string {
  return `${locale ?? ''}|${JSON.stringify(options)}`;
}

export function numberFormat(
  locale: string | undefined,
  options: Intl.NumberFormatOptions = {},
): Intl.NumberFormat {
  const key = keyOf(locale, options);
  let format = numberFormats.get(key);
  if (format === undefined) {
    // Throws for an unknown currency code, as the constructor does; nothing is cached then.
    format = remember(numberFormats, key, new Intl.NumberFormat(locale, options));
  }
  return format;
}

export function dateFormat(
  locale: string | undefined,
  options: Intl.DateTimeFormatOptions,
): Intl.DateTimeFormat {
  const key = keyOf(locale, options);
  let format = dateFormats.get(key);
  if (format === undefined) {
    format = remember(dateFormats, key, new Intl.DateTimeFormat(locale, options));
  }
  return format;
}
