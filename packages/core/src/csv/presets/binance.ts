import type { RewardKind } from '@app/contracts';
import { Dec } from '../../decimal.ts';
import { isFiat, normalizeAsset, splitPair } from '../coins.ts';
import { type CsvRecord, isBlankRecord } from '../rfc4180.ts';
import {
  Columns,
  type Fee,
  type ParsedCsv,
  RowCollector,
  tradeFromFlows,
  transferInWithoutValue,
} from '../rows.ts';
import { parseAmount, parseCsvDate } from '../values.ts';

export type BinanceFormat = 'transaction_history' | 'spot_trades' | 'legacy_trades' | 'buy_crypto';

export function binanceFormat(fields: readonly string[]): BinanceFormat | null {
  const c = new Columns(fields);
  if (c.has('operation') && c.has('coin') && c.has('change') && (c.has('utc_time') || c.has('time'))) {
    return 'transaction_history';
  }
  if (c.has('date(utc)') && c.has('pair') && c.has('side') && c.has('executed')) return 'spot_trades';
  if (c.has('date(utc)') && c.has('market') && c.has('fee coin')) return 'legacy_trades';
  if (c.has('date(utc)') && c.has('method') && c.has('final amount')) return 'buy_crypto';
  return null;
}

export function parseBinance(
  records: readonly CsvRecord[],
  headerIndex: number,
  format: BinanceFormat,
): ParsedCsv {
  const cols = new Columns(records[headerIndex]?.fields ?? []);
  const data = records.slice(headerIndex + 1).filter((r) => !isBlankRecord(r));
  const out = new RowCollector();
  if (format === 'transaction_history') transactionHistory(data, cols, out);
  else for (const r of data) tradeRow(r, cols, format, out);
  return out.result();
}

/** Balance changes that belong to a trade: grouped by second and account to rebuild it. */
const tradeOps = new Set([
  'buy',
  'sell',
  'fee',
  'transaction buy',
  'transaction spend',
  'transaction fee',
  'transaction revenue',
  'transaction sold',
  'transaction related',
  'binance convert',
  'large otc trading',
]);
const feeOps = new Set(['fee', 'transaction fee']);
/** Moves between the user's own Binance wallets: no change in what they own. */
const internalOp =
  /purchase|redemption|subscription|transfer between|main and funding|savings principal|to futures|from futures|isolated margin|transfer_(in|out)/i;
const rewardOp =
  /interest|staking reward|rewards|distribution|airdrop|cashback|commission|launchpool|dividend|bonus/i;

function rewardKind(op: string): RewardKind {
  if (/distribution|airdrop/i.test(op)) return 'airdrop';
  if (/staking|savings|earn|interest|launchpool/i.test(op)) return 'staking';
  return 'other';
}

function transactionHistory(data: readonly CsvRecord[], cols: Columns, out: RowCollector): void {
  const timeCol = cols.has('utc_time') ? 'utc_time' : 'time';
  const groups = new Map<string, CsvRecord[]>();
  for (const r of data) {
    const op = cols.get(r.fields, 'operation');
    const asset = normalizeAsset(cols.get(r.fields, 'coin'));
    const change = parseAmount(cols.get(r.fields, 'change'));
    const date = parseCsvDate(cols.get(r.fields, timeCol));
    if (!date) {
      out.error(r.line, 'date', `Unreadable time "${cols.get(r.fields, timeCol)}"`);
      continue;
    }
    if (!change || change.unit !== null) {
      out.error(r.line, 'quantity', `Unreadable change "${cols.get(r.fields, 'change')}"`);
      continue;
    }
    const lower = op.toLowerCase();
    if (tradeOps.has(lower)) {
      const key = `${date}|${cols.get(r.fields, 'account')}`;
      groups.set(key, [...(groups.get(key) ?? []), r]);
      continue;
    }
    const note = `Binance ${op}${cols.get(r.fields, 'remark') ? `: ${cols.get(r.fields, 'remark')}` : ''}`;
    const quantity = change.value.abs();
    const base = { symbol: asset, date, note, quantity, price: new Dec(0), priceCurrency: null };
    if (internalOp.test(op)) out.skip(r.line, `${op}: a move between your own Binance wallets`);
    else if (isFiat(asset)) out.skip(r.line, `${op} of ${asset} (fiat balance, not a holding)`);
    else if (/^(deposit|withdraw)/i.test(op)) {
      const type = change.value.isNeg() ? 'transfer_out' : 'transfer_in';
      out.add(r.line, [
        type === 'transfer_in'
          ? { ...base, type, price: null, warnings: [transferInWithoutValue] }
          : { ...base, type, warnings: [] },
      ]);
    } else if (rewardOp.test(op) && change.value.gt(0)) {
      out.add(r.line, [
        {
          ...base,
          type: 'reward',
          rewardKind: rewardKind(op),
          warnings: ['No value in the file: enters at zero cost'],
        },
      ]);
    } else out.error(r.line, 'type', `Unsupported Binance operation "${op}"`);
  }
  for (const rows of groups.values()) tradeGroup(rows, cols, timeCol, out);
}

/** Several rows at one second: sum per asset, then exactly one asset in and one out is a trade. */
function tradeGroup(rows: readonly CsvRecord[], cols: Columns, timeCol: string, out: RowCollector): void {
  const line = rows[0]?.line ?? 0;
  const flows = new Map<string, Dec>();
  const fees = new Map<string, Dec>();
  for (const r of rows) {
    const asset = normalizeAsset(cols.get(r.fields, 'coin'));
    const change = parseAmount(cols.get(r.fields, 'change'))?.value ?? new Dec(0);
    const target = feeOps.has(cols.get(r.fields, 'operation').toLowerCase()) ? fees : flows;
    const amount = target === fees ? change.neg() : change;
    target.set(asset, (target.get(asset) ?? new Dec(0)).add(amount));
  }
  const received = [...flows].filter(([, v]) => v.gt(0));
  const spent = [...flows].filter(([, v]) => v.lt(0));
  const [inAsset, inAmount] = received[0] ?? [];
  const [outAsset, outAmount] = spent[0] ?? [];
  if (received.length !== 1 || spent.length !== 1 || !inAsset || !inAmount || !outAsset || !outAmount) {
    const lines = rows.map((r) => r.line).join(', ');
    out.error(line, null, `Cannot rebuild one trade from lines ${lines}: expected one coin in and one out`);
    return;
  }
  const date = parseCsvDate(cols.get(rows[0]?.fields ?? [], timeCol)) ?? '';
  const feeList: Fee[] = [...fees].map(([asset, amount]) => ({ asset, amount }));
  const ops = rows.map((r) => cols.get(r.fields, 'operation'));
  const op = ops.find((o) => !feeOps.has(o.toLowerCase())) ?? ops[0] ?? '';
  const trade = tradeFromFlows(
    { asset: inAsset, amount: inAmount },
    { asset: outAsset, amount: outAmount.abs() },
    feeList,
    date,
    `Binance ${op}`,
  );
  out.addTrade(line, trade);
}

/** One trade per row: spot trade history, the 2020 semicolon export, and card purchases. */
function tradeRow(r: CsvRecord, cols: Columns, format: BinanceFormat, out: RowCollector): void {
  const get = (name: string) => cols.get(r.fields, name);
  const date = parseCsvDate(get('date(utc)'));
  if (!date) {
    out.error(r.line, 'date', `Unreadable date "${get('date(utc)')}"`);
    return;
  }

  if (format === 'buy_crypto') {
    if (get('status').toLowerCase() !== 'completed') {
      out.skip(r.line, `Status ${get('status') || 'missing'}`);
      return;
    }
    const spend = parseAmount(get('amount'));
    const price = parseAmount(get('price'));
    const fee = parseAmount(get('fees'));
    const got = parseAmount(get('final amount'));
    if (!spend?.unit || !price || !got?.unit || fee === undefined) {
      out.error(r.line, null, 'Unreadable Amount, Price, Fees or Final Amount');
      return;
    }
    const note = `Binance ${get('method')} purchase ${get('transaction id')}`.trim();
    out.add(r.line, [
      {
        symbol: normalizeAsset(got.unit),
        type: 'buy',
        quantity: got.value,
        price: price.value,
        fee: fee?.value ?? new Dec(0),
        date,
        note,
        priceCurrency: spend.unit.toUpperCase(),
      },
    ]);
    return;
  }

  const side = (format === 'spot_trades' ? get('side') : get('type')).toLowerCase();
  if (side !== 'buy' && side !== 'sell') {
    out.error(r.line, 'type', `Side must be BUY or SELL, got "${side}"`);
    return;
  }
  const pair = splitPair(format === 'spot_trades' ? get('pair') : get('market'));
  const executed = parseAmount(format === 'spot_trades' ? get('executed') : get('amount'));
  const amount = parseAmount(format === 'spot_trades' ? get('amount') : get('total'));
  const feeCell = parseAmount(get('fee'));
  // Spot trade cells carry their asset ('2500ADA'); the old export names the fee coin apart.
  const base = executed?.unit ? normalizeAsset(executed.unit) : pair?.base;
  const quote = amount?.unit ? normalizeAsset(amount.unit) : pair?.quote;
  const feeAsset = feeCell?.unit ? normalizeAsset(feeCell.unit) : normalizeAsset(get('fee coin'));
  if (!base || !quote || !executed || !amount || feeCell === undefined || executed.value.isZero()) {
    out.error(r.line, null, 'Unreadable pair, executed quantity, amount or fee');
    return;
  }
  const fees: Fee[] = feeCell ? [{ asset: feeAsset, amount: feeCell.value.abs() }] : [];
  out.addTrade(r.line, {
    side,
    base,
    quote,
    baseQuantity: executed.value.abs(),
    quoteQuantity: amount.value.abs(),
    fees,
    date,
    note: `Binance ${side} ${base}/${quote}`,
  });
}
