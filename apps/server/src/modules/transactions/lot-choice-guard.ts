import type { TransactionCreateBody } from '@app/contracts';
import type { Db } from '../../db/client.ts';
import { apiError, validationError } from '../../lib/app-error.ts';
import type { PortfolioRow } from '../ledger/index.ts';
import type { LotChoiceCheck, LotChoiceEdit, LotChoiceVerdict } from './lot-choice-check.ts';
import { hasLotChoicesOn, type StoredLotChoice } from './lot-choices.repository.ts';

/** The books moved between the lot check and the write's locks: check again. */
class BooksMoved extends Error {}

/** A body's lots as stored: undefined (not sent), or the lines (none: cleared). */
export function bodyLots(body: Pick<TransactionCreateBody, 'lots'>): StoredLotChoice[] | undefined {
  if (body.lots === undefined) return undefined;
  return (body.lots ?? []).map((l) => ({ acquisitionId: l.acquisition_id, quantity: l.quantity }));
}

/**
 * Runs the lot-choice check before a write and ties the write to what it checked. A write that
 * names lots, keeps a stored choice, or touches a coin some sale names lots of is replayed first
 * (the check, from the tax module); the write then locks every portfolio the check read and goes
 * ahead only if none has moved since, else it is checked again. Any other write skips all this.
 */
export function createLotChoiceGuard(db: Db) {
  let check: LotChoiceCheck | null = null;

  async function verdict(edit: LotChoiceEdit, coinIds: readonly string[]): Promise<LotChoiceVerdict | null> {
    const names = (edit.choice?.lines?.length ?? 0) > 0;
    if (!names && !(await hasLotChoicesOn(db, edit.userId, coinIds))) return null;
    if (!check) throw new Error('the lot choice check is not wired (app.ts hands it to the service)');
    const answer = await check(edit);
    if (answer.errors) throw validationError(answer.errors, answer.message);
    return answer;
  }

  return {
    /** The tax module's check (app.ts sets it once the tax module is built). */
    use(next: LotChoiceCheck): void {
      check = next;
    },

    /** The portfolios a write locks: its own, and every one the check read. */
    lockIds(checked: LotChoiceVerdict | null, own: readonly string[]): string[] {
      return checked ? [...new Set([...own, ...checked.revisions.keys()])] : [...own];
    },

    /** Inside the write, with the portfolios locked: the books are those the check read. */
    assertFresh(checked: LotChoiceVerdict | null, locked: ReadonlyMap<string, PortfolioRow>): void {
      if (!checked) return;
      for (const [id, revision] of checked.revisions)
        if (locked.get(id)?.revision !== revision) throw new BooksMoved();
    },

    /**
     * Checks, then writes; a write whose books moved meanwhile is checked and tried again (a
     * concurrent edit landed between the two), at most three times.
     */
    async write<R>(
      edit: () => Promise<{ edit: LotChoiceEdit; coinIds: readonly string[] }>,
      write: (checked: LotChoiceVerdict | null) => Promise<R>,
    ): Promise<R> {
      for (let attempt = 1; attempt <= 3; attempt += 1) {
        const asked = await edit();
        const checked = await verdict(asked.edit, asked.coinIds);
        try {
          return await write(checked);
        } catch (error) {
          if (!(error instanceof BooksMoved)) throw error;
        }
      }
      throw apiError('conflict', 'Your books changed while this was being saved. Please try again.');
    },
  };
}

export type LotChoiceGuard = ReturnType<typeof createLotChoiceGuard>;
