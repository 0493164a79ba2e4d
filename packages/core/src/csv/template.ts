import {
  decimalStringProblem,
  type RewardKind,
  rewardKinds,
  type TransactionType,
  transactionTypes,
} from '@app/contracts';
import { Dec } from '../decimal.ts';
import { bestKnownCoinId } from './coins.ts';
import { type CsvRecord, csvField, isBlankRecord } from './rfc4180.ts';
import { type ParsedCsv, RowCollector } from './rows.ts';
import { parseAmount, parseCsvDate } from './values.ts';

/** Our import template, in this order. Header names are matched case-insensitively, in any order. */
export const TEMPLATE_COLUMNS = [
  'date',
  'type',
  'coin',
  'quantity',
  'price_per_coin',
  'fee',
  'note',
] as const;
/**
 * Written by our export so a file re-imports to the same state: `coin_id` pins the exact coin
 * (a symbol alone is ambiguous) and `reward_kind` keeps staking vs airdrop. Optional on import.
 */
export const TEMPLATE_OPTIONAL_COLUMNS = ['coin_id', 'reward_kind'] as const;
export const TEMPLATE_EXPORT_COLUMNS = [...TEMPLATE_COLUMNS, ...TEMPLATE_OPTIONAL_COLUMNS] as const;
export const TEMPLATE_HEADER = TEMPLATE_COLUMNS.join(',');

/** The template users download from the import panel: the header and one row of each kind. */
export const TEMPLATE_EXAMPLE = [
  TEMPLATE_HEADER,
  '2024-01-05T10:00:00Z,buy,BTC,0.5,"40,000.50",1.25,First buy',
  '2024-03-01T09:30:00Z,sell,BTC,0.1,60000,0.5,Took some profit',
  '2024-04-02,transfer_in,ETH,1.5,,0,From my hardware wallet (price unknown: left empty)',
  '2024-05-01,reward,ETH,0.01,0,0,Staking reward',
  '',
].join('\n');

export function isTemplateHeader(fields: readonly string[]): boolean {
  const names = new Set(fields.map((f) => f.trim().toLowerCase()));
  return TEMPLATE_COLUMNS.every((c) => names.has(c));
}

/**
 * Spreadsheets run cells starting with = + - @ as formulas (CSV injection), so the export
 * prefixes such notes with ' and the import removes exactly that one added quote.
 */
const needsGuard = /^'*[=+\-@\t\r]/;
const guarded = /^'+[=+\-@\t\r]/;

export function parseTemplate(records: readonly CsvRecord[], headerIndex: number): ParsedCsv {
  const out = new RowCollector();
  const header = records[headerIndex]?.fields.map((f) => f.trim().toLowerCase()) ?? [];
  const col = (fields: readonly string[], name: string) => {
    const i = header.indexOf(name);
    return i === -1 ? '' : (fields[i] ?? '').trim();
  };
  for (const record of records.slice(headerIndex + 1)) {
    if (isBlankRecord(record)) continue;
    const { line, fields } = record;
    if (fields.length > header.length) {
      out.error(line, null, `Expected ${header.length} columns, found ${fields.length}`);
      continue;
    }
    const date = parseCsvDate(col(fields, 'date'));
    if (!date) {
      out.error(line, 'date', 'Date must look like 2024-01-31T12:00:00Z or 2024-01-31');
      continue;
    }
    const type = parseType(col(fields, 'type'));
    if (!type) {
      out.error(line, 'type', `Type must be one of ${transactionTypes.join(', ')}`);
      continue;
    }
    const symbol = col(fields, 'coin').toUpperCase();
    if (!/^[A-Z0-9.$-]{1,20}$/.test(symbol)) {
      out.error(line, 'coin', 'Coin must be a ticker symbol such as BTC');
      continue;
    }
    const amounts: Record<'quantity' | 'price_per_coin' | 'fee', Dec> = {
      quantity: new Dec(0),
      price_per_coin: new Dec(0),
      fee: new Dec(0),
    };
    let bad = false;
    for (const name of ['quantity', 'price_per_coin', 'fee'] as const) {
      const raw = col(fields, name);
      const parsed = parseAmount(raw);
      if (parsed === null && name !== 'quantity') continue;
      if (!parsed || (parsed.unit !== null && !/^[$€£¥]$/.test(parsed.unit))) {
        out.error(line, name, `${name} must be a number, got "${raw}"`);
        bad = true;
        break;
      }
      // Typed values are checked as written: 19 decimals is an error here, not a silent rounding.
      const problem = decimalStringProblem(
        parsed.value.toFixed(),
        name === 'quantity' ? 'positive' : 'nonNegative',
        labels[name],
      );
      if (problem) {
        out.error(line, name, problem);
        bad = true;
        break;
      }
      amounts[name] = parsed.value;
    }
    if (bad) continue;
    // A transfer in without a price is a coin whose cost nobody gave: unknown, not 0.
    const unpriced = type === 'transfer_in' && parseAmount(col(fields, 'price_per_coin')) === null;
    const coinId = col(fields, 'coin_id');
    const rewardKind = col(fields, 'reward_kind').toLowerCase();
    if (rewardKind && !(rewardKinds as readonly string[]).includes(rewardKind)) {
      out.error(line, 'reward_kind', `reward_kind must be one of ${rewardKinds.join(', ')}`);
      continue;
    }
    if (coinId && !/^[a-z0-9][a-z0-9-]{0,99}$/.test(coinId)) {
      out.error(line, 'coin_id', 'coin_id must be a CoinGecko id such as bitcoin');
      continue;
    }
    const noteIndex = header.indexOf('note');
    const note = noteIndex === -1 ? '' : (fields[noteIndex] ?? '');
    out.add(line, [
      {
        symbol,
        type,
        quantity: amounts.quantity,
        price: unpriced ? null : amounts.price_per_coin,
        fee: amounts.fee,
        date,
        note: guarded.test(note) ? note.slice(1) : note,
        priceCurrency: null,
        coinId: coinId || bestKnownCoinId(symbol),
        ...(rewardKind ? { rewardKind: rewardKind as RewardKind } : {}),
      },
    ]);
  }
  return out.result();
}

const labels = { quantity: 'Quantity', price_per_coin: 'Price per coin', fee: 'Fee' } as const;

function parseType(raw: string): TransactionType | null {
  const t = raw
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
  return (transactionTypes as readonly string[]).includes(t) ? (t as TransactionType) : null;
}

/** What the export needs per transaction: the stored row plus its coin's symbol. */
export interface ExportTransaction {
  executed_at: string;
  type: TransactionType;
  symbol: string;
  coin_id: string;
  quantity: string;
  /** Null on a transfer in of unknown cost: written as an empty price, read back as unknown. */
  price_per_coin: string | null;
  fee: string;
  note: string;
  reward_kind?: RewardKind | undefined;
}

/**
 * Transactions → our template (plus coin_id, reward_kind), oldest first, CRLF line ends (RFC
 * 4180). Re-importing the file yields the same rows (see template.test.ts).
 */
export function exportTransactionsCsv(txs: readonly ExportTransaction[]): string {
  const sorted = [...txs].sort((a, b) => Date.parse(a.executed_at) - Date.parse(b.executed_at));
  const lines = [TEMPLATE_EXPORT_COLUMNS.join(',')];
  for (const tx of sorted) {
    const note = needsGuard.test(tx.note) ? `'${tx.note}` : tx.note;
    lines.push(
      [
        new Date(tx.executed_at).toISOString(),
        tx.type,
        tx.symbol.toUpperCase(),
        new Dec(tx.quantity).toFixed(),
        tx.price_per_coin === null ? '' : new Dec(tx.price_per_coin).toFixed(),
        new Dec(tx.fee).toFixed(),
        note,
        tx.coin_id,
        tx.reward_kind ?? '',
      ]
        .map(csvField)
        .join(','),
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}
