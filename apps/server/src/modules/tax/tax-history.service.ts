import {
  type AddTaxChange,
  costBasisMethods,
  type FieldErrors,
  type TaxHistory,
  taxHistoryMessages,
} from '@app/contracts';
import { Dec, sameTaxCalendar, taxYear, toDecimalString } from '@app/core';
import type { Db } from '../../db/client.ts';
import { apiError, validationError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { toTaxSettings } from './tax.service.ts';
import { findCurrentRows, findHistoryRows, lockUser, writeHistory } from './tax-history.repository.ts';
import { currentTaxYear, type HistoryEntry, historyOf, historyOut } from './tax-history.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

async function loadHistory(db: Tx | Db, userId: string): Promise<HistoryEntry[]> {
  const rows = await findHistoryRows(db, userId);
  const current = await findCurrentRows(db, userId);
  const method = costBasisMethods.find((m) => m === current.method) ?? 'average';
  return historyOf(rows, { settings: toTaxSettings(current.tax), method });
}

function sameEntry(a: HistoryEntry, b: HistoryEntry): boolean {
  return (
    a.method === b.method &&
    a.settings.rule === b.settings.rule &&
    a.settings.custom_threshold_days === b.settings.custom_threshold_days &&
    a.settings.short_rate === b.settings.short_rate &&
    a.settings.long_rate === b.settings.long_rate &&
    a.settings.yearly_allowance === b.settings.yearly_allowance
  );
}

/** The entry a change makes, or the reasons it is refused (field → messages). */
export function proposeChange(
  history: readonly HistoryEntry[],
  body: AddTaxChange,
  now: Date,
): { entry: HistoryEntry } | { errors: FieldErrors } {
  const latest = history.at(-1) as HistoryEntry;
  const current = currentTaxYear(history, now);
  const settings = {
    rule: body.rule ?? latest.settings.rule,
    custom_threshold_days: body.custom_threshold_days ?? latest.settings.custom_threshold_days,
    short_rate: body.short_rate ?? latest.settings.short_rate,
    long_rate: body.long_rate ?? latest.settings.long_rate,
    yearly_allowance:
      body.yearly_allowance === undefined ? latest.settings.yearly_allowance : body.yearly_allowance,
    lots_per_portfolio: latest.settings.lots_per_portfolio,
  };
  // Rates are compared as the database gives them back: "15.0" and "15" are one rate.
  const normal = (v: string) => toDecimalString(new Dec(v));
  const entry: HistoryEntry = {
    fromYear: body.from_year,
    method: body.method ?? latest.method,
    settings: {
      ...settings,
      short_rate: normal(settings.short_rate),
      long_rate: normal(settings.long_rate),
      yearly_allowance: settings.yearly_allowance === null ? null : normal(settings.yearly_allowance),
    },
  };
  const errors: FieldErrors = {};
  const add = (field: string, message: string) => {
    errors[field] = [...(errors[field] ?? []), message];
  };
  if (latest.fromYear !== null && body.from_year <= latest.fromYear)
    add('from_year', taxHistoryMessages.notAfterLatest(taxYear(latest.settings.rule, latest.fromYear).label));
  if (body.from_year > current + 1)
    add('from_year', taxHistoryMessages.tooLate(taxYear(entry.settings.rule, current + 1).label));
  if (history.some((e) => !sameTaxCalendar(e.settings.rule, entry.settings.rule)))
    add('rule', taxHistoryMessages.otherCalendar);
  if (sameEntry(entry, latest)) add('method', taxHistoryMessages.unchanged);
  if (Object.keys(errors).length === 0 && body.from_year < current && body.confirm_past_years !== true)
    add('confirm_past_years', taxHistoryMessages.confirmPast);
  return Object.keys(errors).length > 0 ? { errors } : { entry };
}

/**
 * The tax settings by tax year. Each write reads and checks the history inside one transaction
 * holding the user's row, and writes it whole with the current settings, or nothing.
 */
export function createTaxHistoryService(deps: { db: Db; clock: Clock }) {
  return {
    async history(userId: string): Promise<TaxHistory> {
      return historyOut(await loadHistory(deps.db, userId), deps.clock());
    },

    async add(userId: string, body: AddTaxChange): Promise<TaxHistory> {
      const now = deps.clock();
      const history = await deps.db.transaction(async (tx) => {
        await lockUser(tx, userId);
        const before = await loadHistory(tx, userId);
        const proposed = proposeChange(before, body, now);
        if ('errors' in proposed) throw validationError(proposed.errors);
        const after = [...before, proposed.entry];
        await writeHistory(tx, userId, after, now);
        return after;
      });
      return historyOut(history, now);
    },

    async removeLatest(userId: string): Promise<TaxHistory> {
      const now = deps.clock();
      const history = await deps.db.transaction(async (tx) => {
        await lockUser(tx, userId);
        const before = await loadHistory(tx, userId);
        if (before.length <= 1) throw apiError('conflict', taxHistoryMessages.nothingToRemove);
        const after = before.slice(0, -1);
        await writeHistory(tx, userId, after, now);
        return after;
      });
      return historyOut(history, now);
    },
  };
}

export type TaxHistoryService = ReturnType<typeof createTaxHistoryService>;
