import type { RewardKind } from '@app/contracts';
import { Dec } from '../../decimal.ts';
import { outsideRefs } from '../../exchanges/outside-refs.ts';
import { isFiat, normalizeAsset, splitPair } from '../coins.ts';
import { type BalanceEntry, openingBalances } from '../opening-balances.ts';
import { type CsvRecord, isBlankRecord } from '../rfc4180.ts';
import { Columns, type ParsedCsv, RowCollector, tradeFromFlows, transferInWithoutValue } from '../rows.ts';
import { parseAmount, parseCsvDate } from '../values.ts';

/**
 * Kraken exports (exchange_formats.json; field meanings per Kraken support): ledgers (one row
 * per balance change of one asset; a trade is two rows sharing refid; fee in the row's asset)
 * and trades (one row per execution; price, cost, fee in the quote; vol in the base). Columns
 * are found by name because every generation added some (wallet, subclass, aclass).
 */
export type KrakenFormat = 'ledgers' | 'trades';

export function krakenFormat(fields: readonly string[]): KrakenFormat | null {
  const c = new Columns(fields);
  if (['txid', 'refid', 'time', 'type', 'asset', 'amount', 'fee'].every((n) => c.has(n))) return 'ledgers';
  if (['txid', 'ordertxid', 'pair', 'time', 'type', 'price', 'cost', 'fee', 'vol'].every((n) => c.has(n))) {
    return 'trades';
  }
  return null;
}

export function parseKraken(
  records: readonly CsvRecord[],
  headerIndex: number,
  format: KrakenFormat,
): ParsedCsv {
  const cols = new Columns(records[headerIndex]?.fields ?? []);
  const data = records.slice(headerIndex + 1).filter((r) => !isBlankRecord(r));
  const out = new RowCollector();
  if (format === 'trades') {
    for (const r of data) tradeRow(r, cols, out);
    return out.result();
  }
  const balances = ledgers(data, cols, out);
  return { ...out.result(), opening_balances: openingBalances(balances) };
}

function tradeRow(r: CsvRecord, cols: Columns, out: RowCollector): void {
  const get = (name: string) => cols.get(r.fields, name);
  const date = parseCsvDate(get('time'));
  const pair = splitPair(get('pair'));
  const side = get('type').toLowerCase();
  const cost = parseAmount(get('cost'));
  const fee = parseAmount(get('fee'));
  const vol = parseAmount(get('vol'));
  const margin = parseAmount(get('margin'));
  if (!date) {
    out.error(r.line, 'date', `Unreadable time "${get('time')}"`);
    return;
  }
  if (!pair) {
    out.error(r.line, 'coin', `Unknown pair "${get('pair')}"`);
    return;
  }
  if (side !== 'buy' && side !== 'sell') {
    out.error(r.line, 'type', `Type must be buy or sell, got "${side}"`);
    return;
  }
  if (!cost || !vol || vol.value.isZero() || fee === undefined) {
    out.error(r.line, 'quantity', 'Unreadable cost, fee or vol');
    return;
  }
  // A margin trade opens a leveraged position; it does not change the coins held.
  if (margin?.value.gt(0)) {
    out.skip(r.line, `Margin trade ${get('txid')} (not a spot holding)`);
    return;
  }
  out.addTrade(r.line, {
    side,
    base: pair.base,
    quote: pair.quote,
    baseQuantity: vol.value,
    quoteQuantity: cost.value,
    // Kraken's trade fee is in the quote currency and comes on top of cost (cost excludes it).
    fees: fee ? [{ asset: pair.quote, amount: fee.value }] : [],
    date,
    note: `Kraken trade ${get('txid')}`,
    ref: outsideRefs.kraken.trade(get('txid')),
  });
}

interface LedgerRow {
  line: number;
  refid: string;
  txid: string;
  type: string;
  subtype: string;
  asset: string;
  amount: Dec;
  fee: Dec;
  date: string;
}

const tradeTypes = new Set(['trade', 'spend', 'receive']);
/** 'transfer' subtypes that move coins between the user's own Kraken wallets. */
const internalSubtype = /^(spot|staking|futures).*(spot|staking|futures)$|allocation|migration/;
const rewardTypes: Record<string, RewardKind> = {
  staking: 'staking',
  earn: 'staking',
  dividend: 'other',
  airdrop: 'airdrop',
  'invite bonus': 'other',
};

/** Parses the ledger rows into `out`; returns the running balances (when the file has that column). */
function ledgers(data: readonly CsvRecord[], cols: Columns, out: RowCollector): BalanceEntry[] {
  const rows: LedgerRow[] = [];
  const balances: BalanceEntry[] = [];
  for (const r of data) {
    const get = (name: string) => cols.get(r.fields, name);
    const date = parseCsvDate(get('time'));
    const amount = parseAmount(get('amount'));
    const fee = parseAmount(get('fee'));
    if (!date) out.error(r.line, 'date', `Unreadable time "${get('time')}"`);
    else if (!amount || amount.unit !== null || fee === undefined)
      out.error(r.line, 'quantity', 'Unreadable amount or fee');
    else {
      rows.push({
        line: r.line,
        refid: get('refid'),
        txid: get('txid'),
        type: get('type').toLowerCase(),
        subtype: get('subtype').toLowerCase(),
        asset: normalizeAsset(get('asset')),
        amount: amount.value,
        fee: fee?.value ?? new Dec(0),
        date,
      });
      const balance = parseAmount(get('balance'));
      // A pending entry (no txid) has no balance of its own; the completed entry carries it.
      if (balance && balance.unit === null && get('txid') !== '') {
        balances.push({
          line: r.line,
          symbol: normalizeAsset(get('asset')),
          account: `${get('asset').toUpperCase()}|${get('wallet')}`,
          date,
          change: amount.value.sub(fee?.value ?? new Dec(0)),
          balance: balance.value,
        });
      }
    }
  }
  const trades = new Map<string, LedgerRow[]>();
  const internal = internalMoves(rows);
  for (const row of rows) {
    if (tradeTypes.has(row.type)) {
      trades.set(row.refid, [...(trades.get(row.refid) ?? []), row]);
      continue;
    }
    const base = { symbol: row.asset, date: row.date, price: new Dec(0), priceCurrency: null };
    const note = `Kraken ${row.type}${row.subtype ? `/${row.subtype}` : ''} ${row.refid}`.trim();
    const net = row.amount.sub(row.fee);
    if (row.txid === '') out.skip(row.line, 'Pending entry (no txid); the completed entry follows');
    else if (isFiat(row.asset))
      out.skip(row.line, `${row.type} of ${row.asset} (fiat balance, not a holding)`);
    else if (internal.has(row.line) || internalSubtype.test(row.subtype)) {
      out.skip(row.line, `${row.type} between your own Kraken wallets`);
    } else if (row.type === 'deposit' || row.type === 'withdrawal') {
      const incoming = row.type === 'deposit';
      out.add(row.line, [
        {
          ...base,
          note,
          type: incoming ? 'transfer_in' : 'transfer_out',
          // Kraken's fee is in the asset: a deposit credits amount − fee, a withdrawal debits |amount| + fee.
          quantity: incoming ? net : row.amount.abs().add(row.fee),
          outsideRef: outsideRefs.kraken.ledger(row.txid),
          ...(incoming ? { price: null, warnings: [transferInWithoutValue] } : { warnings: [] }),
        },
      ]);
    } else if ((rewardTypes[row.type] || (row.type === 'transfer' && row.subtype === '')) && net.gt(0)) {
      // A 'transfer' with no subtype credits an airdrop or a fork (e.g. BSV), per Kraken support.
      out.add(row.line, [
        {
          ...base,
          note,
          type: 'reward',
          quantity: net,
          rewardKind: rewardTypes[row.type] ?? 'airdrop',
          outsideRef: outsideRefs.kraken.ledger(row.txid),
          warnings: ['No value in the file: enters at zero cost'],
        },
      ]);
    } else out.error(row.line, 'type', `Unsupported Kraken ledger entry "${row.type}" of ${row.asset}`);
  }
  for (const [refid, legs] of trades) ledgerTrade(refid, legs, out);
  return balances;
}

/** A debit and a credit of the same coin and quantity at the same time (SOL03.S → SOL): a move. */
function internalMoves(rows: readonly LedgerRow[]): Set<number> {
  const lines = new Set<number>();
  const candidates = rows.filter((r) => !tradeTypes.has(r.type));
  for (const debit of candidates.filter((r) => r.amount.isNeg())) {
    const credit = candidates.find(
      (c) =>
        !lines.has(c.line) &&
        c.date === debit.date &&
        c.asset === debit.asset &&
        c.amount.eq(debit.amount.abs()),
    );
    if (credit) {
      lines.add(debit.line);
      lines.add(credit.line);
    }
  }
  return lines;
}

function ledgerTrade(refid: string, legs: readonly LedgerRow[], out: RowCollector): void {
  const credit = legs.filter((l) => l.amount.gt(0));
  const debit = legs.filter((l) => l.amount.lt(0));
  const first = Math.min(...legs.map((l) => l.line));
  const c = credit[0];
  const d = debit[0];
  if (credit.length !== 1 || debit.length !== 1 || !c || !d) {
    const lines = legs.map((l) => l.line).join(', ');
    out.error(first, null, `Trade ${refid}: expected one debit and one credit, lines ${lines}`);
    return;
  }
  const trade = tradeFromFlows(
    { asset: c.asset, amount: c.amount },
    { asset: d.asset, amount: d.amount.abs() },
    [
      { asset: c.asset, amount: c.fee },
      { asset: d.asset, amount: d.fee },
    ],
    c.date,
    `Kraken trade ${refid}`,
  );
  out.addTrade(first, { ...trade, ref: outsideRefs.kraken.trade(refid) });
}
