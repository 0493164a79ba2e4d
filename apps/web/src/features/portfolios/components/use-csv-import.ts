import {
  type CryptoOption,
  type CsvImportRow,
  csvRowErrorSchema,
  type ImportPreviewResponse,
  type OpeningBalance,
  type SymbolMap,
  transactionDraftSchema,
  type UnresolvedSymbol,
} from '@app/contracts';
import { normalizeDecimalInput } from '@app/core';
import { useCallback, useRef, useState } from 'react';
import { isApiError } from '@/lib/api/api-error';
import { previewImport } from '../api/portfolios-api';
import { useCommitImport } from '../api/use-portfolio-mutations';
import { countOf } from './count-words';
import type { OpeningPrice } from './opening-balances';

/** Files above this show the progress bar (reading, checking, writing). */
const largeFileBytes = 200_000;

export type ImportStage = { label: string; value: number } | null;

/** A preview row's identity in the table (one CSV line can hold several legs). */
export const importRowKey = (r: CsvImportRow, i: number) => `${r.line}-${i}`;

function readFile(file: File, onProgress: (fraction: number) => void): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onprogress = (e) => {
      if (e.lengthComputable) onProgress(e.loaded / e.total);
    };
    reader.onload = () => resolve(String(reader.result ?? ''));
    reader.onerror = () => reject(reader.error ?? new Error('Could not read the file'));
    reader.readAsText(file);
  });
}

/** Messages of a failed request: per-row and per-field details when the server gave them. */
function failureMessages(error: unknown): string[] {
  if (isApiError(error)) {
    const rows = csvRowErrorSchema.array().safeParse(error.details?.rows);
    if (rows.success) return rows.data.map((r) => `Line ${r.line}: ${r.message}`);
    const fields = Object.values(error.fieldErrors).flat();
    if (fields.length > 0) return fields;
  }
  return [error instanceof Error ? error.message : String(error)];
}

const toSymbolMap = (choices: Readonly<Record<string, CryptoOption>>): SymbolMap =>
  Object.fromEntries(Object.entries(choices).map(([symbol, coin]) => [symbol, coin.id]));

/** Symbols asked about so far, in first-seen order: a chosen symbol stays, so it can be changed. */
function mergeGroups(
  known: readonly UnresolvedSymbol[],
  next: readonly UnresolvedSymbol[],
): UnresolvedSymbol[] {
  const seen = new Set(known.map((g) => g.symbol));
  return [...known, ...next.filter((g) => !seen.has(g.symbol))];
}

/** A copy of the set with `key` in it or not. */
function withMember(set: ReadonlySet<string>, key: string, member: boolean): Set<string> {
  const next = new Set(set);
  if (member) next.add(key);
  else next.delete(key);
  return next;
}

type CommitRow = Pick<CsvImportRow, 'line' | 'symbol' | 'coin_id' | 'transaction'>;

/** An included opening balance as a commit row: a transfer in at the price and with its source noted. */
function openingRow(o: OpeningBalance, price: OpeningPrice | undefined): CommitRow | null {
  const draft = transactionDraftSchema.safeParse({
    type: 'transfer_in',
    quantity: o.quantity,
    price_per_coin: normalizeDecimalInput(price?.value ?? ''),
    fee: '0',
    date: o.date,
    note: `Opening balance from the file's balance column (price: ${price?.source ?? 'none'})`,
  });
  if (!draft.success || !price?.value.trim()) return null;
  return { line: o.first_line, symbol: o.symbol, coin_id: o.coin_id, transaction: draft.data };
}

/**
 * One CSV import: read, preview, choose coins for the symbols we could not identify (each choice
 * re-validates the whole file on the server), pick rows, commit all or none with the same map.
 */
export function useCsvImport(portfolioId: string, onDone: (created: number) => void) {
  const [csv, setCsv] = useState<string | null>(null);
  const [preview, setPreview] = useState<ImportPreviewResponse | null>(null);
  const [groups, setGroups] = useState<UnresolvedSymbol[]>([]);
  const [choices, setChoices] = useState<Record<string, CryptoOption>>({});
  const [excluded, setExcluded] = useState<Set<string>>(new Set());
  const [stage, setStage] = useState<ImportStage>(null);
  const [large, setLarge] = useState(false);
  const [failure, setFailure] = useState<string[]>([]);
  const [openingIncluded, setOpeningIncluded] = useState<Set<string>>(new Set());
  const [openingPrices, setOpeningPrices] = useState<Record<string, OpeningPrice>>({});
  const write = useCommitImport(portfolioId);
  // Only the newest preview may land: choices made in quick succession must not be undone.
  const latest = useRef(0);

  const errorLines = new Set(preview?.errors.map((e) => e.line));
  const selectable = (r: CsvImportRow) => !errorLines.has(r.line) && r.coin_id !== null;
  const chosen = preview?.rows.filter((r, i) => selectable(r) && !excluded.has(importRowKey(r, i))) ?? [];
  const openings = (preview?.opening_balances ?? []).filter(
    (o) => o.coin_id !== null && openingIncluded.has(o.symbol),
  );
  const openingRows = openings.flatMap((o) => {
    const row = openingRow(o, openingPrices[o.symbol]);
    return row ? [row] : [];
  });
  /** Included opening balances still without a usable price: the import waits for them. */
  const openingsWithoutPrice = openings
    .filter((o) => !openingRow(o, openingPrices[o.symbol]))
    .map((o) => o.symbol);
  const total = chosen.length + openings.length;

  async function choose(file: File) {
    const request = ++latest.current;
    setFailure([]);
    setPreview(null);
    setGroups([]);
    setChoices({});
    setCsv(null);
    setLarge(file.size > largeFileBytes);
    setStage({ label: 'Reading file', value: 0 });
    try {
      const text = await readFile(file, (f) => setStage({ label: 'Reading file', value: f * 40 }));
      setStage({ label: 'Checking rows', value: 50 });
      const result = await previewImport(portfolioId, text);
      if (request !== latest.current) return;
      setCsv(text);
      setPreview(result);
      setGroups(result.unresolved_symbols);
      // Offered ticked: the preview's oversell check counts them, and later sells usually need them.
      setOpeningIncluded(new Set(result.opening_balances.map((o) => o.symbol)));
      setOpeningPrices({});
      // Likely duplicates start unticked: importing the same trade twice is the usual mistake.
      setExcluded(
        new Set(
          result.rows.flatMap((r, i) =>
            result.duplicate_lines.includes(r.line) ? [importRowKey(r, i)] : [],
          ),
        ),
      );
    } catch (error) {
      if (request === latest.current) setFailure(failureMessages(error));
    } finally {
      if (request === latest.current) setStage(null);
    }
  }

  async function chooseCoin(symbol: string, coin: CryptoOption) {
    if (csv === null) return;
    const previous = choices;
    const next = { ...choices, [symbol]: coin };
    const request = ++latest.current;
    setChoices(next);
    setFailure([]);
    setStage({ label: `Checking rows with ${symbol} as ${coin.name}`, value: 60 });
    try {
      const result = await previewImport(portfolioId, csv, toSymbolMap(next));
      if (request !== latest.current) return;
      setPreview(result);
      setGroups((known) => mergeGroups(known, result.unresolved_symbols));
    } catch (error) {
      if (request !== latest.current) return;
      setChoices(previous);
      setFailure(failureMessages(error));
    } finally {
      if (request === latest.current) setStage(null);
    }
  }

  async function commit() {
    setFailure([]);
    setStage({ label: `Importing ${countOf(total, 'transaction')}`, value: 75 });
    try {
      const { created } = await write.mutateAsync({
        rows: [...openingRows, ...chosen],
        symbolMap: toSymbolMap(choices),
      });
      setStage({ label: 'Done', value: 100 });
      onDone(created);
    } catch (error) {
      setFailure(failureMessages(error));
    } finally {
      setStage(null);
    }
  }

  function toggleRow(key: string, included: boolean) {
    setExcluded((current) => withMember(current, key, !included));
  }

  function toggleOpening(symbol: string, included: boolean) {
    setOpeningIncluded((current) => withMember(current, symbol, included));
  }

  const setOpeningPrice = useCallback((symbol: string, price: OpeningPrice) => {
    setOpeningPrices((current) => ({ ...current, [symbol]: price }));
  }, []);

  return {
    preview,
    openingIncluded,
    openingPrices,
    openingsWithoutPrice,
    total,
    toggleOpening,
    setOpeningPrice,
    groups,
    choices,
    excluded,
    stage,
    large,
    failure,
    chosen,
    selectable,
    choose,
    chooseCoin,
    commit,
    toggleRow,
  };
}

export type CsvImport = ReturnType<typeof useCsvImport>;
