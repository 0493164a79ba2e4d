import {
  type CsvImportRow,
  type CsvRowError,
  type ImportCommitBody,
  type ImportPreviewBody,
  type ImportPreviewResponse,
  type OpeningBalance,
  portfolioMessages,
  type SymbolMap,
  type TransactionDraft,
  type TransactionType,
  transactionDraftSchema,
} from '@app/contracts';
import {
  applySymbolChoices,
  demoFilename,
  describeOversell,
  duplicateKey,
  duplicateKeysNear,
  exportTransactionsCsv,
  feeCurrencyKnown,
  isFiat,
  knownCoinSymbol,
  likelyDuplicates,
  parseImportCsv,
  resolveCoinId,
  type UnresolvedSymbolLines,
  unknownChoices,
  usdStablecoins,
  withDemoNotice,
} from '@app/core';
import type { Db } from '../../db/client.ts';
import { AppError, notFound, validationError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import type { LedgerCache } from '../ledger/index.ts';
import {
  type AfterRowsWritten,
  createLedgerWriter,
  findOversells,
  findPortfolio,
  insertTransactions,
  type LedgerEdit,
  listPortfolioTransactions,
  type Oversell,
  type PortfolioRow,
  type TransactionValues,
} from '../ledger/index.ts';
import type { DailyClosesCache, MarketReader } from '../market/index.ts';
import { convertForeignRows } from './csv-import-rates.ts';
import { coinCatalogue, symbolCandidatesFor } from './import-coin-candidates.ts';
import { plain } from './transaction-mapper.ts';

/** A coin paid as a fee (see tradeLegs): its sale is valued at its day's close. */
function isFeeSale(row: CsvImportRow): boolean {
  return row.priced_at_close === true && !isFiat(row.symbol);
}

/** An opening balance as a ledger row for the oversell check (its price does not change quantities). */
function openingDraft(o: OpeningBalance): TransactionDraft {
  return transactionDraftSchema.parse({
    type: 'transfer_in',
    quantity: o.quantity,
    price_per_coin: null,
    fee: '0',
    date: o.date,
    note: '',
  });
}

/** An opening balance whose coin is unknown asks for it too, even when no row of that symbol does. */
function withOpenings(
  unresolved: readonly UnresolvedSymbolLines[],
  openings: readonly OpeningBalance[],
): UnresolvedSymbolLines[] {
  const groups = unresolved.map((g) => ({ ...g, lines: [...g.lines] }));
  for (const o of openings) {
    if (o.coin_id !== null) continue;
    const group = groups.find((g) => g.symbol === o.symbol.toUpperCase());
    if (!group) groups.push({ symbol: o.symbol.toUpperCase(), lines: [o.first_line] });
    else if (!group.lines.includes(o.first_line))
      group.lines = [...group.lines, o.first_line].sort((a, b) => a - b);
  }
  return groups;
}

export function createCsvImportService(deps: {
  db: Db;
  clock: Clock;
  market: MarketReader;
  ledgers: LedgerCache;
  /** The stored daily closes a file in another currency is converted with. */
  closes: DailyClosesCache;
  /** LIMIT_TRANSACTIONS_PER_PORTFOLIO: a file that would pass it is refused whole. */
  transactionsPerPortfolio: number;
  /** Test hook (kill -9 tests): runs inside the write's transaction once the rows are in. */
  afterRowsWritten?: AfterRowsWritten;
}) {
  const { db, market, ledgers } = deps;
  const writer = createLedgerWriter(deps);
  const catalogue = coinCatalogue(market);

  async function owned(userId: string, portfolioId: string): Promise<PortfolioRow> {
    const portfolio = await findPortfolio(db, userId, portfolioId);
    if (!portfolio) throw notFound(portfolioMessages.portfolioNotFound);
    return portfolio;
  }

  async function knownIds(ids: Iterable<string>): Promise<Map<string, string>> {
    const unique = [...new Set(ids)];
    const quotes = unique.length > 0 ? await market.getQuotes(unique, 'usd') : new Map();
    return new Map([...quotes.values()].map((q) => [q.id, q.symbol]));
  }

  /** The ids the market knows among the rows' own ids and the user's choices. */
  async function knownCoins(
    rows: readonly { coin_id?: string | null | undefined }[],
    choices: SymbolMap,
  ): Promise<Set<string>> {
    const ids = [...rows.flatMap((r) => (r.coin_id ? [r.coin_id] : [])), ...Object.values(choices)];
    return new Set((await knownIds(ids)).keys());
  }

  /** A chosen coin the market does not know is bad input on that symbol (never trust the client). */
  function rejectUnknownChoices(choices: SymbolMap, known: ReadonlySet<string>): void {
    const unknown = unknownChoices(choices, known);
    if (unknown.length === 0) return;
    throw validationError(
      Object.fromEntries(
        unknown.map(([symbol]) => [`symbol_map.${symbol}`, [`${symbol}: ${portfolioMessages.unknownCoin}`]]),
      ),
    );
  }

  /**
   * The rows as new ledger rows of the portfolio, for the one oversell check. No created_at:
   * they sort after stored rows at the same instant.
   */
  function importEdits(
    portfolioId: string,
    rows: readonly { coin_id: string; transaction: TransactionDraft }[],
  ): LedgerEdit[] {
    return rows.map((r, i) => ({
      portfolioId,
      change: {
        kind: 'create',
        transaction: {
          id: `import-${i}`,
          coin_id: r.coin_id,
          type: r.transaction.type,
          quantity: r.transaction.quantity,
          price_per_coin: r.transaction.price_per_coin,
          fee: r.transaction.fee,
          executed_at: new Date(r.transaction.date).toISOString(),
        },
      },
    }));
  }

  /**
   * Oversells → row errors (line 0: a stored row the import would starve), written for the
   * reader: the coin by its market ticker (`symbols`: id → ticker), the date in their locale.
   */
  function oversellRows(
    oversells: readonly Oversell[],
    rows: readonly { line: number }[],
    symbols: ReadonlyMap<string, string>,
    locale: string,
  ): CsvRowError[] {
    return oversells.map(({ violation: v }) => {
      const index = v.transaction_id.startsWith('import-') ? Number(v.transaction_id.slice(7)) : -1;
      const line = rows[index]?.line ?? 0;
      const symbol = symbols.get(v.coin_id)?.toUpperCase() ?? knownCoinSymbol(v.coin_id) ?? v.coin_id;
      return {
        line,
        field: 'quantity',
        message: describeOversell(v, { symbol, locale, timeZone: 'UTC' }, index >= 0 ? 'self' : 'stored'),
      };
    });
  }

  /**
   * A coin paid as a trade's fee leaves as a sale of it at its market value: the parser marks
   * that sale priced 1 in the coin itself, and this prices it in the portfolio's currency at the same
   * day close the books value the trade's fee with (ledgers.feeIn), so the fee counted on the
   * trade equals the sale's proceeds. A day without a close is an error on the line, never 0.
   */
  async function priceAtClose(row: CsvImportRow, currency: string): Promise<CsvRowError | null> {
    const t = row.transaction;
    const value = await ledgers.feeIn(currency.toLowerCase(), {
      id: `import-${row.line}`,
      coin_id: row.coin_id ?? '',
      type: t.type,
      quantity: t.quantity,
      price_per_coin: '0',
      // The parser prices a fee sale 1 in the coin itself (never unknown: it is a sale).
      fee: t.price_per_coin ?? '1',
      fee_currency: row.symbol.toLowerCase(),
      executed_at: new Date(t.date).toISOString(),
    });
    if (value.fee === null) {
      return {
        line: row.line,
        field: 'price_per_coin',
        message: `No ${row.symbol} price in ${currency} stored for that day: the fee paid in ${row.symbol} cannot be valued yet; preview again once its price history has loaded`,
      };
    }
    t.price_per_coin = value.fee;
    row.price_currency = currency;
    row.duplicate_key = duplicateKey(t.date, t.type, row.symbol, t.quantity, t.price_per_coin);
    return null;
  }

  return {
    async preview(
      userId: string,
      portfolioId: string,
      body: ImportPreviewBody,
      locale: string,
    ): Promise<ImportPreviewResponse> {
      const portfolio = await owned(userId, portfolioId);
      const parsed = parseImportCsv(body.csv, { preset: body.preset });
      const errors: CsvRowError[] = [...parsed.errors];
      const choices = body.symbol_map ?? {};
      const known = await knownCoins([...parsed.rows, ...parsed.opening_balances], choices);
      rejectUnknownChoices(choices, known);
      const openings = parsed.opening_balances.map((o) => ({
        ...o,
        coin_id: resolveCoinId(o, choices, known),
      }));
      // The same resolution as the commit: a known id stays, the user's choice fills the gaps.
      const { rows, unresolved } = applySymbolChoices(parsed.rows, choices, known);
      const currency = portfolio.currency.toUpperCase();
      const needsRate = await convertForeignRows(
        { db, closes: deps.closes, market, nowMs: deps.clock().getTime(), isFiat },
        rows,
        currency,
      );
      const unrated = new Set(needsRate.map((n) => n.line));
      for (const n of needsRate)
        errors.push({
          line: n.line,
          field: 'rate',
          message: `No ${n.from} to ${n.to} rate is stored for ${n.day}: this row needs that day's rate, which is being downloaded; preview again later`,
        });
      const good: typeof rows = [];
      for (const row of rows) {
        if (unrated.has(row.line)) continue;
        if (row.coin_id === null) {
          errors.push({
            line: row.line,
            field: 'coin',
            message: `${row.symbol}: ${portfolioMessages.unknownCoin}`,
          });
          continue;
        }
        const feeCode = row.transaction.fee_currency;
        if (feeCode !== undefined && !feeCurrencyKnown(feeCode)) {
          errors.push({
            line: row.line,
            field: 'fee',
            message: `${row.symbol}: ${portfolioMessages.unknownFeeCurrency}`,
          });
          continue;
        }
        if (isFeeSale(row)) {
          const priced = await priceAtClose(row, currency);
          if (priced !== null) {
            errors.push(priced);
            continue;
          }
        }
        const quote = row.price_currency?.toUpperCase() ?? null;
        if (quote && quote !== currency) {
          // Quotes in dollar stablecoins are taken as dollars, with a warning on the row.
          if (currency === 'USD' && usdStablecoins.has(quote)) {
            row.warnings.push(`Prices in ${quote} are taken as USD`);
          } else if (
            // An unknown price is in no currency: only a stated amount is in the wrong one.
            (row.transaction.price_per_coin !== null && row.transaction.price_per_coin !== '0') ||
            row.transaction.fee !== '0'
          ) {
            errors.push({
              line: row.line,
              field: 'price_per_coin',
              message: `Prices are in ${quote} but this portfolio is in ${currency}: import into a ${quote} portfolio`,
            });
            continue;
          }
        }
        good.push(row);
      }
      const stored = await listPortfolioTransactions(db, userId, portfolio.id);
      const symbols = await knownIds(stored.map((t) => t.coinId));
      const existingKeys = stored.flatMap((t) =>
        duplicateKeysNear(
          t.executedAt.toISOString(),
          t.type,
          symbols.get(t.coinId) ?? t.coinId,
          plain(t.quantity),
          t.pricePerCoin === null ? null : plain(t.pricePerCoin),
        ),
      );
      const duplicates = likelyDuplicates(rows, existingKeys);
      // The exchange's own id already in the portfolio (from its API or an earlier file): the same record.
      const storedRefs = new Set(stored.flatMap((t) => (t.outsideRef ? [t.outsideRef] : [])));
      for (const row of rows)
        if (row.outside_ref && storedRefs.has(row.outside_ref)) duplicates.add(row.line);
      const book = await ledgers.book(db, portfolio);
      // The oversell check counts the opening balances as included (the panel offers them ticked);
      // the commit checks again with what the user actually sends.
      const checked = [
        ...openings.flatMap((o) =>
          o.coin_id === null
            ? []
            : [{ line: o.first_line, coin_id: o.coin_id, transaction: openingDraft(o) }],
        ),
        ...good.map((r) => ({ line: r.line, coin_id: r.coin_id ?? '', transaction: r.transaction })),
      ];
      errors.push(
        ...oversellRows(
          findOversells(new Map([[portfolio.id, book]]), importEdits(portfolio.id, checked)),
          checked,
          await knownIds(checked.map((r) => r.coin_id)),
          locale,
        ),
      );
      return {
        ...parsed,
        rows,
        opening_balances: openings,
        errors: errors.sort((a, b) => a.line - b.line),
        portfolio_id: portfolio.id,
        currency: portfolio.currency,
        needs_rate: needsRate,
        duplicate_lines: [...duplicates].sort((a, b) => a - b),
        unresolved_symbols: await symbolCandidatesFor(catalogue, withOpenings(unresolved, openings)),
      };
    },

    /** All rows or none: every check runs before the single database transaction writes them. */
    async commit(
      userId: string,
      portfolioId: string,
      body: ImportCommitBody,
      locale: string,
    ): Promise<{ created: number }> {
      const choices = body.symbol_map ?? {};
      const known = await knownCoins(body.rows, choices);
      const errors: CsvRowError[] = [];
      const resolved: {
        line: number;
        coin_id: string;
        transaction: TransactionDraft;
        outside_ref?: string;
      }[] = [];
      for (const r of body.rows) {
        const feeCode = r.transaction.fee_currency;
        if (feeCode !== undefined && !feeCurrencyKnown(feeCode)) {
          errors.push({ line: r.line, field: 'fee', message: portfolioMessages.unknownFeeCurrency });
          continue;
        }
        const coinId = resolveCoinId(r, choices, known);
        if (coinId !== null)
          resolved.push({
            line: r.line,
            coin_id: coinId,
            transaction: r.transaction,
            ...(r.outside_ref ? { outside_ref: r.outside_ref } : {}),
          });
        else {
          const prefix = r.symbol ? `${r.symbol}: ` : '';
          errors.push({ line: r.line, field: 'coin', message: `${prefix}${portfolioMessages.unknownCoin}` });
        }
      }
      const invalid = (rows: CsvRowError[]) =>
        new AppError({
          code: 'validation_error',
          message: portfolioMessages.importRowsInvalid,
          details: { rows, fields: { rows: rows.map((e) => `Line ${e.line}: ${e.message}`) } },
        });
      // Tickers for the oversell messages, read before the transaction (no market reads in it).
      const symbols = await knownIds(resolved.map((r) => r.coin_id));
      const created = await writer.write({
        userId,
        portfolioIds: [portfolioId],
        missingPortfolio: () => notFound(portfolioMessages.portfolioNotFound),
        plan: () => {
          rejectUnknownChoices(choices, known);
          if (errors.length > 0) throw invalid(errors);
          return {
            edits: importEdits(portfolioId, resolved),
            rejectOversells: (oversells) => invalid(oversellRows(oversells, resolved, symbols, locale)),
            write: async (tx, now) => {
              const values: TransactionValues[] = resolved.map((r) => ({
                portfolioId,
                coinId: r.coin_id,
                type: r.transaction.type,
                quantity: r.transaction.quantity,
                pricePerCoin: r.transaction.price_per_coin,
                fee: r.transaction.fee,
                feeCurrency: r.transaction.fee_currency ?? null,
                executedAt: new Date(r.transaction.date),
                note: r.transaction.note,
                rewardKind: r.transaction.type === 'reward' ? (r.transaction.reward_kind ?? null) : null,
                outsideRef: r.outside_ref ?? null,
              }));
              const rows = await insertTransactions(tx, userId, values, now);
              return { result: rows.length, added: rows, removedIds: [] };
            },
          };
        },
      });
      return { created };
    },

    async exportCsv(userId: string, portfolioId: string): Promise<{ filename: string; csv: string }> {
      const portfolio = await owned(userId, portfolioId);
      const stored = await listPortfolioTransactions(db, userId, portfolio.id);
      const symbols = await knownIds(stored.map((t) => t.coinId));
      const csv = exportTransactionsCsv(
        stored.map((t) => ({
          executed_at: t.executedAt.toISOString(),
          type: t.type as TransactionType,
          symbol: symbols.get(t.coinId) ?? t.coinId,
          coin_id: t.coinId,
          quantity: plain(t.quantity),
          // Unknown stays unknown: written as an empty price, which imports back as unknown.
          price_per_coin: t.pricePerCoin === null ? null : plain(t.pricePerCoin),
          fee: plain(t.fee),
          note: t.note,
          ...(t.rewardKind ? { reward_kind: t.rewardKind as 'staking' | 'airdrop' | 'other' } : {}),
        })),
      );
      const slug =
        portfolio.name
          .toLowerCase()
          .replace(/[^a-z0-9]+/g, '-')
          .replace(/^-|-$/g, '') || 'portfolio';
      // Demo mode: prices entered from simulated quotes; the file says so on its first
      // line (our import finds its header below it) and in its name.
      if (market.describe().mode === 'demo')
        return { filename: demoFilename(`${slug}-transactions.csv`), csv: withDemoNotice(csv) };
      return { filename: `${slug}-transactions.csv`, csv };
    },
  };
}

export type CsvImportService = ReturnType<typeof createCsvImportService>;
