export { bestKnownCoinId, isFiat, knownCoinSymbol, normalizeAsset, splitPair } from './coins.ts';
export { demoExportNotice, demoFilename, withDemoNotice } from './demo-notice.ts';
export { CSV_IMPORT_LIMITS, type CsvImportResult, parseImportCsv } from './import.ts';
export { type CsvReadResult, type CsvRecord, csvField, readCsv } from './rfc4180.ts';
export { duplicateKey, duplicateKeysNear, likelyDuplicates } from './rows.ts';
export {
  applySymbolChoices,
  type CandidateCoin,
  resolveCoinId,
  type SymbolChoices,
  symbolCandidates,
  type UnresolvedSymbolLines,
  unknownChoices,
} from './symbol-map.ts';
export {
  type ExportTransaction,
  exportTransactionsCsv,
  TEMPLATE_COLUMNS,
  TEMPLATE_EXAMPLE,
  TEMPLATE_EXPORT_COLUMNS,
  TEMPLATE_HEADER,
  TEMPLATE_OPTIONAL_COLUMNS,
} from './template.ts';
export { parseAmount, parseCsvDate } from './values.ts';
