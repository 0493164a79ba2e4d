import { describe, expect, it } from 'vitest';
import { CSV_IMPORT_LIMITS, parseImportCsv } from './import.ts';
import { readCsv } from './rfc4180.ts';
import {
  type ExportTransaction,
  exportTransactionsCsv,
  TEMPLATE_EXAMPLE,
  TEMPLATE_HEADER,
} from './template.ts';
import { parseAmount, parseCsvDate } from './values.ts';

describe('our template', () => {
  it('has exactly this header', () => {
    expect(TEMPLATE_HEADER).toBe('date,type,coin,quantity,price_per_coin,fee,note');
  });

  it('offers a downloadable example that imports cleanly, one row of each common kind', () => {
    const result = parseImportCsv(TEMPLATE_EXAMPLE);
    expect(result).toMatchObject({ preset: 'template', errors: [], skipped: [] });
    expect(result.rows.map((r) => [r.transaction.type, r.coin_id, r.transaction.price_per_coin])).toEqual([
      ['buy', 'bitcoin', '40000.5'],
      ['sell', 'bitcoin', '60000'],
      ['transfer_in', 'ethereum', null],
      ['reward', 'ethereum', '0'],
    ]);
  });

  it('reads an empty price on a transfer in as unknown, and on anything else as 0', () => {
    const csv = [
      TEMPLATE_HEADER,
      '2024-01-31,transfer_in,BTC,0.5,,,from a friend',
      '2024-01-31,transfer_in,BTC,0.5,0,,a stated cost of 0',
      '2024-01-31,reward,BTC,0.1,,,',
      '',
    ].join('\n');
    const { rows, errors } = parseImportCsv(csv);
    expect(errors).toEqual([]);
    expect(rows.map((r) => [r.transaction.type, r.transaction.price_per_coin, r.duplicate_key])).toEqual([
      ['transfer_in', null, '2024-01-31T00:00:00|transfer_in|BTC|0.5|'],
      ['transfer_in', '0', '2024-01-31T00:00:00|transfer_in|BTC|0.5|0'],
      ['reward', '0', '2024-01-31T00:00:00|reward|BTC|0.1|0'],
    ]);
  });

  it('reads rows in any column order, defaults empty price and fee to 0', () => {
    const csv =
      'coin,date,type,quantity,price_per_coin,fee,note\nbtc,2024-01-31,buy,0.5,"42,000.10",,first\n';
    const result = parseImportCsv(csv);
    expect(result).toMatchObject({ preset: 'template', errors: [] });
    expect(result.rows[0]).toMatchObject({
      line: 2,
      symbol: 'BTC',
      coin_id: 'bitcoin',
      price_currency: null,
      transaction: {
        type: 'buy',
        quantity: '0.5',
        price_per_coin: '42000.1',
        fee: '0',
        date: '2024-01-31T00:00:00.000Z',
        note: 'first',
      },
      duplicate_key: '2024-01-31T00:00:00|buy|BTC|0.5|42000.1',
    });
  });

  it('reports each malformed row with its line and field, and keeps the good ones', () => {
    const csv = [
      TEMPLATE_HEADER,
      '2024-01-01,buy,BTC,1,100,0,ok',
      'yesterday,buy,BTC,1,100,0,',
      '2024-01-01,purchase,BTC,1,100,0,',
      '2024-01-01,buy,BTC,-1,100,0,',
      '2024-01-01,sell,BTC,0,100,0,',
      '2024-01-01,buy,BTC,1.0000000000000000001,100,0,',
      '2024-01-01,buy,BTC,abc,100,0,',
      '2024-01-01,buy,BTC,1,100,0,note,extra,columns,here',
      '2999-01-01,buy,BTC,1,100,0,',
      '2024-01-01,buy,,1,100,0,',
      '2024-01-01,buy,BTC,1,100,-2,',
      '',
      '2024-02-30,buy,BTC,1,100,0,',
    ].join('\n');
    const { rows, errors } = parseImportCsv(csv);
    expect(rows.map((r) => r.line)).toEqual([2]);
    expect(errors.map((e) => [e.line, e.field])).toEqual([
      [3, 'date'],
      [4, 'type'],
      [5, 'quantity'],
      [6, 'quantity'],
      [7, 'quantity'],
      [8, 'quantity'],
      [9, null],
      [10, 'date'],
      [11, 'coin'],
      [12, 'fee'],
      [14, 'date'],
    ]);
    expect(errors.find((e) => e.line === 7)?.message).toMatch(/at most 18 decimal places/);
    expect(errors.find((e) => e.line === 10)?.message).toMatch(/future/);
  });

  it('refuses unreadable and oversized files as a whole', () => {
    expect(parseImportCsv('a,b\n1,2\n').errors[0]).toMatchObject({
      line: 0,
      message: /Unrecognised CSV header/,
    });
    expect(
      parseImportCsv(`${TEMPLATE_HEADER}\n2024-01-01,buy,BTC,1,1,0,"never closed\n`).errors[0],
    ).toMatchObject({
      line: 2,
      message: 'A quoted field is never closed',
    });
    const big = `${TEMPLATE_HEADER}\n${'x'.repeat(CSV_IMPORT_LIMITS.maxChars)}`;
    expect(parseImportCsv(big).errors[0]?.message).toMatch(/File too large/);
    expect(parseImportCsv(TEMPLATE_HEADER, { preset: 'kraken' }).errors[0]?.message).toMatch(
      /looks like a template/,
    );
  });
});

describe('export → import round trip', () => {
  const txs: ExportTransaction[] = [
    {
      executed_at: '2024-03-01T12:30:00.000Z',
      type: 'sell',
      symbol: 'btc',
      coin_id: 'bitcoin',
      quantity: '0.25',
      price_per_coin: '61000.5',
      fee: '3.1',
      note: 'took "profit", partly\nsecond line',
    },
    {
      executed_at: '2024-01-01T00:00:00.000Z',
      type: 'buy',
      symbol: 'BTC',
      coin_id: 'bitcoin',
      quantity: '1.000000000000000001',
      price_per_coin: '42000',
      fee: '0',
      note: '',
    },
    {
      executed_at: '2024-02-01T08:00:00.000Z',
      type: 'reward',
      symbol: 'DOT',
      coin_id: 'polkadot',
      quantity: '0.125',
      price_per_coin: '0',
      fee: '0',
      note: '=HYPERLINK("x")',
      reward_kind: 'staking',
    },
    {
      executed_at: '2024-02-02T08:00:00.000Z',
      type: 'transfer_in',
      symbol: 'PEPE',
      coin_id: 'pepe-other',
      quantity: '1000000000',
      price_per_coin: '0.000001',
      fee: '0',
      note: "'-already quoted",
    },
    {
      executed_at: '2024-02-02T09:00:00.000Z',
      type: 'transfer_in',
      symbol: 'PEPE',
      coin_id: 'pepe-other',
      quantity: '7',
      price_per_coin: null,
      fee: '0',
      note: 'cost unknown',
    },
    {
      executed_at: '2024-02-03T08:00:00.000Z',
      type: 'transfer_out',
      symbol: 'PEPE',
      coin_id: 'pepe-other',
      quantity: '5',
      price_per_coin: '0',
      fee: '0.5',
      note: '  spaced  ',
    },
  ];

  it('re-imports to the same transactions, coins and order', () => {
    const csv = exportTransactionsCsv(txs);
    expect(csv.split('\r\n')[0]).toBe('date,type,coin,quantity,price_per_coin,fee,note,coin_id,reward_kind');
    expect(csv).toContain(`'=HYPERLINK`);
    // A transfer in of unknown cost is written with an empty price.
    expect(csv).toContain('2024-02-02T09:00:00.000Z,transfer_in,PEPE,7,,0,cost unknown,pepe-other,');
    const { rows, errors } = parseImportCsv(csv);
    expect(errors).toEqual([]);
    const sorted = [...txs].sort((a, b) => a.executed_at.localeCompare(b.executed_at));
    expect(
      rows.map((r) => ({
        executed_at: r.transaction.date,
        type: r.transaction.type,
        symbol: r.symbol,
        coin_id: r.coin_id,
        quantity: r.transaction.quantity,
        price_per_coin: r.transaction.price_per_coin,
        fee: r.transaction.fee,
        note: r.transaction.note,
        ...(r.transaction.reward_kind ? { reward_kind: r.transaction.reward_kind } : {}),
      })),
    ).toEqual(sorted.map((t) => ({ ...t, symbol: t.symbol.toUpperCase() })));
    // Exporting what was imported gives the same bytes.
    const again = rows.map((r) => ({
      executed_at: r.transaction.date,
      type: r.transaction.type,
      symbol: r.symbol,
      coin_id: r.coin_id ?? '',
      quantity: r.transaction.quantity,
      price_per_coin: r.transaction.price_per_coin,
      fee: r.transaction.fee,
      note: r.transaction.note,
      reward_kind: r.transaction.reward_kind,
    }));
    expect(exportTransactionsCsv(again)).toBe(csv);
  });
});

describe('reading cells', () => {
  it('tracks physical lines across quoted newlines and CRLF', () => {
    const { records } = readCsv('a,b\r\n"x\r\ny",2\r\n3,"say ""hi"""\n');
    expect(records).toEqual([
      { line: 1, fields: ['a', 'b'] },
      { line: 2, fields: ['x\r\ny', '2'] },
      { line: 4, fields: ['3', 'say "hi"'] },
    ]);
  });

  it.each([
    ['€3343.11229989', '3343.11229989', '€'],
    ['-€597.49846', '-597.49846', '€'],
    ['$70.00', '70', '$'],
    ['2,500.0000000000ADA', '2500', 'ADA'],
    ['500.00 CAD', '500', 'CAD'],
    ['1.30771315 USDT/CAD', '1.30771315', 'USDT/CAD'],
    ['-3.605E-05', '-0.00003605', null],
    ['.5', '0.5', null],
  ])('amount %s', (raw, value, unit) => {
    const parsed = parseAmount(raw);
    expect(parsed?.value.toFixed()).toBe(value);
    expect(parsed?.unit).toBe(unit);
  });

  it('rejects what is not an amount', () => {
    expect(parseAmount('')).toBeNull();
    expect(parseAmount('abc')).toBeUndefined();
    expect(parseAmount('1.2.3')).toBeUndefined();
  });

  it.each([
    ['2020-09-27T18:36:58Z', '2020-09-27T18:36:58.000Z'],
    ['2025-01-17 16:57:02 UTC', '2025-01-17T16:57:02.000Z'],
    ['2024-01-15 10:30:45.1234', '2024-01-15T10:30:45.123Z'],
    ['2024-01-15T10:30:45+02:00', '2024-01-15T08:30:45.000Z'],
    ['2024-01-15', '2024-01-15T00:00:00.000Z'],
    ['2024-02-30', null],
    ['15/01/2024', null],
  ])('date %s', (raw, iso) => {
    expect(parseCsvDate(raw)).toBe(iso);
  });
});
