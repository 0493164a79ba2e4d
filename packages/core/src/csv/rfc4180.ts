/**
 * A small RFC 4180 reader. We need more than a split on commas: quoted fields with commas and
 * newlines (Coinbase notes, Kraken `ledgers` lists), doubled quotes, CRLF or LF, a UTF-8 BOM, a
 * `;` delimiter (old Binance exports), ragged rows (Binance "Binance Convert" rows lack the last
 * column) -- and the 1-based line where each record starts, so every row error can name its line.
 */
export interface CsvRecord {
  line: number;
  fields: string[];
}

export interface CsvReadResult {
  records: CsvRecord[];
  /** Only structural problems: an unterminated quote swallows the rest of the file. */
  errors: { line: number; message: string }[];
}

export function stripBom(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

export function readCsv(input: string, delimiter = ','): CsvReadResult {
  const text = stripBom(input);
  const records: CsvRecord[] = [];
  const errors: CsvReadResult['errors'] = [];
  let fields: string[] = [];
  let field = '';
  let line = 1;
  let recordLine = 1;
  let quoted = false;
  let quoteStartLine = 0;
  let i = 0;

  const endRecord = () => {
    fields.push(field);
    records.push({ line: recordLine, fields });
    fields = [];
    field = '';
  };

  while (i < text.length) {
    const ch = text[i] as string;
    if (quoted) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i += 2;
          continue;
        }
        quoted = false;
      } else {
        if (ch === '\n' || (ch === '\r' && text[i + 1] !== '\n')) line++;
        field += ch;
      }
      i++;
      continue;
    }
    if (ch === '"' && field.trim() === '') {
      // A quote opens a quoted field only at its start (leading spaces tolerated); elsewhere it is data.
      field = '';
      quoted = true;
      quoteStartLine = line;
    } else if (ch === delimiter) {
      fields.push(field);
      field = '';
    } else if (ch === '\r' || ch === '\n') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      endRecord();
      line++;
      recordLine = line;
    } else {
      field += ch;
    }
    i++;
  }
  if (quoted) errors.push({ line: quoteStartLine, message: 'A quoted field is never closed' });
  if (field !== '' || fields.length > 0) endRecord();
  return { records, errors };
}

export function isBlankRecord(record: CsvRecord): boolean {
  return record.fields.every((f) => f.trim() === '');
}

/** RFC 4180 quoting: only when needed (delimiter, quote, CR or LF), quotes doubled. */
export function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}
