import type { RewardKind } from '@app/contracts';
import { Dec } from '../../decimal.ts';
import { isFiat, normalizeAsset } from '../coins.ts';
import { type CsvRecord, isBlankRecord } from '../rfc4180.ts';
import { Columns, type Leg, type ParsedCsv, RowCollector } from '../rows.ts';
import { parseAmount, parseCsvDate } from '../values.ts';

/**
 * Coinbase "Transaction history" report, three generations (exchange_formats.json):
 * 2024+ (ID, Price Currency, '€'-prefixed money), 2021-23 (Spot Price Currency) and 2020
 * (currency in the column names: 'EUR Spot Price at Transaction'). The report starts with a
 * preamble (disclaimer, 'Transactions', 'User,…'), so the header is searched for.
 */
export function isCoinbaseHeader(fields: readonly string[]): boolean {
  const f = fields.map((x) => x.trim());
  return (
    (f[0] === 'Timestamp' && f[1] === 'Transaction Type') ||
    (f[0] === 'ID' && f[1] === 'Timestamp' && f[2] === 'Transaction Type')
  );
}

const rewardTypes: Record<string, RewardKind> = {
  'staking income': 'staking',
  'inflation reward': 'staking',
  'rewards income': 'other',
  'learning reward': 'other',
  'coinbase earn': 'other',
  airdrop: 'airdrop',
};

export function parseCoinbase(records: readonly CsvRecord[], headerIndex: number): ParsedCsv {
  const out = new RowCollector();
  const headerFields = records[headerIndex]?.fields ?? [];
  const cols = new Columns(headerFields);
  // 2020 files name the currency in the header ('EUR Spot Price at Transaction').
  const strip = (name: string) => name.replace(/^[a-z]{3} /, '');
  const priceCol = cols.find((n) => /^(spot )?price at transaction$/.test(strip(n)));
  const currencyCol = cols.find((n) => n === 'price currency' || n === 'spot price currency');
  const headerCurrency = priceCol && /^[a-z]{3} /.test(priceCol) ? priceCol.slice(0, 3).toUpperCase() : null;
  const subtotalCol = cols.find((n) => strip(n) === 'subtotal');
  const totalCol = cols.find((n) => strip(n).startsWith('total'));
  const feesCol = cols.find((n) => strip(n).startsWith('fees'));

  const data = records.slice(headerIndex + 1).filter((r) => !isBlankRecord(r));
  const migrations = findMigrations(data, cols);

  for (const { line, fields } of data) {
    const get = (name: string | undefined) => cols.get(fields, name);
    const kind = get('transaction type').toLowerCase();
    const asset = normalizeAsset(get('asset'));
    const date = parseCsvDate(get('timestamp'));
    if (!date) {
      out.error(line, 'date', `Unreadable timestamp "${get('timestamp')}"`);
      continue;
    }
    if (migrations.has(line)) {
      out.skip(
        line,
        `${get('asset')} send/receive pair at the same time: an ETH2 → ETH migration moves nothing`,
      );
      continue;
    }
    if (isFiat(asset)) {
      out.skip(line, `${get('transaction type')} of ${asset} (fiat balance, not a holding)`);
      continue;
    }
    const qty = parseAmount(get('quantity transacted'));
    const spot = parseAmount(get(priceCol));
    const subtotal = parseAmount(get(subtotalCol));
    const total = parseAmount(get(totalCol));
    const fees = parseAmount(get(feesCol));
    if (!qty || qty.value.isZero()) {
      out.error(line, 'quantity', `Unreadable quantity "${get('quantity transacted')}"`);
      continue;
    }
    if (spot === undefined || subtotal === undefined || total === undefined || fees === undefined) {
      out.error(line, 'price_per_coin', 'Unreadable money column');
      continue;
    }
    const quantity = qty.value.abs();
    const currency = (get(currencyCol) || headerCurrency || '').toUpperCase() || null;
    const note = get('notes');
    const base = { symbol: asset, date, note, priceCurrency: currency };
    const spotPrice = spot?.value.abs() ?? new Dec(0);
    // Subtotal is what the coins cost or fetched; Total includes fees and spread. Their gap is the
    // real fee (it also covers the spread, which the Fees column of older files leaves out).
    const gap =
      subtotal && total
        ? total.value.abs().sub(subtotal.value.abs()).abs()
        : (fees?.value.abs() ?? new Dec(0));
    const execPrice = subtotal ? subtotal.value.abs().div(quantity) : spotPrice;

    let legs: Leg[];
    if (kind === 'buy' || kind === 'advanced trade buy') {
      legs = [{ ...base, type: 'buy', quantity, price: execPrice, fee: gap }];
    } else if (kind === 'sell' || kind === 'advanced trade sell') {
      legs = [{ ...base, type: 'sell', quantity, price: execPrice, fee: gap }];
    } else if (kind === 'send' || kind === 'withdrawal') {
      legs = [
        { ...base, type: 'transfer_out', quantity, price: spotPrice, fee: fees?.value.abs() ?? new Dec(0) },
      ];
    } else if ((kind === 'receive' || kind === 'deposit') && /referral|coinbase earn|reward/i.test(note)) {
      legs = [{ ...base, type: 'reward', quantity, price: spotPrice, rewardKind: 'other' }];
    } else if (kind === 'receive' || kind === 'deposit') {
      legs = [
        {
          ...base,
          type: 'transfer_in',
          quantity,
          price: spotPrice,
          warnings: ['Cost basis set to the market value when received; edit it if you know what you paid'],
        },
      ];
    } else if (rewardTypes[kind]) {
      legs = [{ ...base, type: 'reward', quantity, price: spotPrice, rewardKind: rewardTypes[kind] }];
    } else if (kind === 'convert') {
      const converted = convertLegs(
        base,
        quantity,
        subtotal?.value.abs(),
        total?.value.abs(),
        spotPrice,
        note,
      );
      if (typeof converted === 'string') {
        out.error(line, 'note', converted);
        continue;
      }
      legs = converted;
    } else {
      out.error(line, 'type', `Unsupported Coinbase transaction type "${get('transaction type')}"`);
      continue;
    }
    out.add(line, legs);
  }
  return out.result();
}

/**
 * Convert is one row for the source asset; the destination is only in Notes ('Converted
 * 0.00363125 BTC to 156.145683 XRP'). The larger of Subtotal/Total is the gross value given up,
 * the smaller what arrived; the difference is the fee. The new coins cost what arrived.
 */
function convertLegs(
  base: Pick<Leg, 'symbol' | 'date' | 'note' | 'priceCurrency'>,
  quantity: Dec,
  subtotal: Dec | undefined,
  total: Dec | undefined,
  spot: Dec,
  note: string,
): Leg[] | string {
  const m = /Converted\s+([\d.,]+)\s+(\S+)\s+to\s+([\d.,]+)\s+(\S+)/i.exec(note);
  const toQty = m?.[3] ? parseAmount(m[3]) : undefined;
  if (!m?.[4] || !toQty || toQty.value.isZero())
    return 'Convert row whose Notes do not say what it converted to';
  const gross = subtotal && total ? Dec.max(subtotal, total) : quantity.mul(spot);
  const net = subtotal && total ? Dec.min(subtotal, total) : gross;
  return [
    { ...base, type: 'sell', quantity, price: gross.div(quantity), fee: gross.sub(net) },
    {
      ...base,
      symbol: normalizeAsset(m[4]),
      type: 'buy',
      quantity: toQty.value,
      price: net.div(toQty.value),
    },
  ];
}

/** Send + Receive of the same coin and quantity at the same second (ETH2 → ETH): an internal move. */
function findMigrations(data: readonly CsvRecord[], cols: Columns): Set<number> {
  const lines = new Set<number>();
  const key = (fields: readonly string[]) =>
    `${cols.get(fields, 'timestamp')}|${normalizeAsset(cols.get(fields, 'asset'))}|${parseAmount(
      cols.get(fields, 'quantity transacted'),
    )
      ?.value.abs()
      .toFixed()}`;
  const sends = new Map<string, number>();
  for (const r of data) {
    if (cols.get(r.fields, 'transaction type').toLowerCase() === 'send') sends.set(key(r.fields), r.line);
  }
  for (const r of data) {
    if (cols.get(r.fields, 'transaction type').toLowerCase() !== 'receive') continue;
    const send = sends.get(key(r.fields));
    if (send !== undefined) {
      lines.add(send);
      lines.add(r.line);
    }
  }
  return lines;
}
