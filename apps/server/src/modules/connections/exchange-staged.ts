import type { ExchangeMovement, ExchangeTrade } from '../../integrations/exchanges/index.ts';
import type { MarketReader } from '../market/index.ts';
import { exchangeDayValues } from './exchange-factor.ts';
import type { StoredRecord } from './exchange-records.repository.ts';
import { type Hold, isBookable, type RecordInput, type RecordRows, recordRows } from './exchange-rows.ts';
import type { ExchangeCredentials } from './exchange-source.ts';
import type { DayCloses } from './fee-closes.ts';

/** The staged and held records of a connection, turned into the rows they would book. */
export interface StagedRows {
  bookable: RecordRows[];
  /** Each record's staged entries: a conversion's spend and receive are staged apart, booked as one. */
  parts: Map<string, string[]>;
  /** Records that cannot become rows yet, each under its staged key. */
  holds: Hold[];
  /** Entries that never become a row (money moved, an internal transfer): dropped at booking. */
  skipped: string[];
}

/** Kraken's spend and receive of one instant buy: the two entries sharing a refid are one trade. */
function pairConversions(records: readonly { key: string; record: RecordInput }[]): {
  inputs: { key: string; record: RecordInput; parts: string[] }[];
  incomplete: Hold[];
  skipped: string[];
} {
  const inputs: { key: string; record: RecordInput; parts: string[] }[] = [];
  const groups = new Map<string, { key: string; movement: ExchangeMovement }[]>();
  const skipped: string[] = [];
  for (const r of records) {
    if (r.record.kind === 'trade') {
      inputs.push({ ...r, parts: [r.key] });
      continue;
    }
    const m = r.record.movement;
    if (m.kind === 'conversion') {
      const group = m.refId ?? m.id;
      groups.set(group, [...(groups.get(group) ?? []), { key: r.key, movement: m }]);
    } else if (isBookable(m)) inputs.push({ ...r, parts: [r.key] });
    else skipped.push(r.key);
  }
  const incomplete: Hold[] = [];
  for (const [refId, entries] of groups) {
    const spent = entries.find((e) => e.movement.direction === 'out');
    const got = entries.find((e) => e.movement.direction === 'in');
    if (!spent || !got || entries.length !== 2) {
      for (const e of entries) incomplete.push({ key: e.key, reason: 'incomplete', detail: refId });
      continue;
    }
    const fees = entries.flatMap((e) => (e.movement.fee ? [e.movement.fee] : []));
    const trade: ExchangeTrade = {
      id: refId,
      orderId: null,
      time: got.movement.time,
      market: `${got.movement.currency}${spent.movement.currency}`,
      base: got.movement.currency,
      quote: spent.movement.currency,
      side: 'buy',
      amount: got.movement.amount,
      price: '0',
      cost: spent.movement.amount,
      fees,
      maker: null,
    };
    inputs.push({
      key: `trade:${trade.market}:${refId}`,
      record: { kind: 'trade', trade },
      parts: entries.map((e) => e.key),
    });
  }
  return { inputs, incomplete, skipped };
}

/**
 * The rows of every stored record, priced with the day values read here (before any booking
 * transaction: the ledger's write does no market reads). The booking and the owner's list of held
 * records both read it, so what the owner is shown is what a booking would write.
 */
export async function stagedRows(
  deps: { closes: DayCloses; market: Pick<MarketReader, 'describe'> },
  connection: { id: string; portfolioId: string; exchange: string | null },
  currency: string,
  stored: readonly StoredRecord[],
): Promise<StagedRows> {
  const { inputs, incomplete, skipped } = pairConversions(stored);
  const trades = inputs.flatMap((i) => (i.record.kind === 'trade' ? [i.record.trade] : []));
  const movements = inputs.flatMap((i) => (i.record.kind === 'movement' ? [i.record.movement] : []));
  const values = await exchangeDayValues(deps.closes, deps.market, { trades, movements }, currency);
  const ctx = {
    exchange: connection.exchange as ExchangeCredentials['exchange'],
    connection: { id: connection.id, portfolioId: connection.portfolioId },
    currency,
    ...values,
  };
  const bookable: RecordRows[] = [];
  const parts = new Map<string, string[]>();
  const holds: Hold[] = [...incomplete];
  for (const input of inputs) {
    const rows = recordRows(input.record, ctx);
    parts.set(rows.key, input.parts);
    if ('rows' in rows) bookable.push(rows);
    else for (const key of input.parts) holds.push({ ...rows, key });
  }
  return { bookable, parts, holds, skipped };
}
