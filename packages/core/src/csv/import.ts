import type { CsvImportPreview, CsvPreset } from '@app/contracts';
import { binanceFormat, parseBinance } from './presets/binance.ts';
import { isCoinbaseHeader, parseCoinbase } from './presets/coinbase.ts';
import { krakenFormat, parseKraken } from './presets/kraken.ts';
import { type CsvRecord, readCsv, stripBom } from './rfc4180.ts';
import type { ParsedCsv } from './rows.ts';
import { isTemplateHeader, parseTemplate } from './template.ts';

/**
 * Limits of one import (stated to the user, so a file is never cut off silently): 5,000,000 characters (about 5 MB) and
 * 20,000 data lines. Larger files should be split; the server also caps the request body.
 */
export const CSV_IMPORT_LIMITS = { maxChars: 5_000_000, maxDataLines: 20_000 } as const;

/** Coinbase preambles are a handful of lines; a header further down is not one we know. */
const HEADER_SEARCH_LINES = 30;

export type CsvImportResult = CsvImportPreview;

/**
 * CSV text → rows ready to become transactions, per-row errors with line numbers, and skipped
 * lines with the reason. Pure: nothing is looked up or written; a file that cannot be read at
 * all comes back with a single line-0 error and no rows.
 */
export function parseImportCsv(text: string, options: { preset?: CsvPreset | 'auto' } = {}): CsvImportResult {
  const fail = (message: string): CsvImportResult => ({
    preset: null,
    format: null,
    rows: [],
    errors: [{ line: 0, field: null, message }],
    skipped: [],
    opening_balances: [],
  });
  if (text.length > CSV_IMPORT_LIMITS.maxChars) {
    return fail(
      `File too large: the limit is ${CSV_IMPORT_LIMITS.maxChars.toLocaleString('en-US')} characters`,
    );
  }
  const body = stripBom(text);
  const firstLine = body.split(/\r?\n/, 1)[0] ?? '';
  // The 2020 Binance export is semicolon-separated; every other supported file uses commas.
  const delimiter = firstLine.includes(';') && !firstLine.includes(',') ? ';' : ',';
  const { records, errors } = readCsv(body, delimiter);
  if (errors.length > 0)
    return {
      ...fail(errors[0]?.message ?? 'Unreadable CSV'),
      errors: errors.map((e) => ({ ...e, field: null })),
    };
  if (records.length - 1 > CSV_IMPORT_LIMITS.maxDataLines) {
    return fail(
      `Too many lines: the limit is ${CSV_IMPORT_LIMITS.maxDataLines.toLocaleString('en-US')} rows`,
    );
  }
  const detected = detect(records);
  if (!detected) {
    return fail(
      'Unrecognised CSV header: use our template (date,type,coin,quantity,price_per_coin,fee,note) or a Coinbase, Binance or Kraken export',
    );
  }
  const wanted = options.preset ?? 'auto';
  if (wanted !== 'auto' && wanted !== detected.preset) {
    return fail(`This file looks like a ${detected.preset} export, not ${wanted}`);
  }
  const parsed = detected.parse();
  return {
    preset: detected.preset,
    format: detected.format,
    ...parsed,
    opening_balances: parsed.opening_balances ?? [],
  };
}

interface Detected {
  preset: CsvPreset;
  format: string;
  parse: () => ParsedCsv;
}

function detect(records: readonly CsvRecord[]): Detected | null {
  for (let i = 0; i < Math.min(records.length, HEADER_SEARCH_LINES); i++) {
    const fields = records[i]?.fields ?? [];
    if (isTemplateHeader(fields))
      return { preset: 'template', format: 'template', parse: () => parseTemplate(records, i) };
    if (isCoinbaseHeader(fields))
      return { preset: 'coinbase', format: 'coinbase', parse: () => parseCoinbase(records, i) };
    const binance = binanceFormat(fields);
    if (binance)
      return {
        preset: 'binance',
        format: `binance/${binance}`,
        parse: () => parseBinance(records, i, binance),
      };
    const kraken = krakenFormat(fields);
    if (kraken)
      return { preset: 'kraken', format: `kraken/${kraken}`, parse: () => parseKraken(records, i, kraken) };
  }
  return null;
}
