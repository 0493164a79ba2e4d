import type { FieldErrors } from '@app/contracts';
import type { TransactionValues } from '../ledger/index.ts';
import type { StoredLotChoice } from './lot-choices.repository.ts';

/** A write to the user's transactions as the lot-choice check replays it. */
export interface LotChoiceEdit {
  userId: string;
  /** Stored rows the write replaces or deletes (their stored choices go with them). */
  removedIds: readonly string[];
  /** Rows the write adds; an edited row keeps its id and entry time. */
  added: readonly { id: string; values: TransactionValues; createdAt: Date }[];
  /** The sale whose choice the write sets: its lots, or null to clear it. */
  choice?: { saleId: string; lines: readonly StoredLotChoice[] | null } | undefined;
  /** A sale edited without naming lots keeps the stored ones: they must still fit it. */
  keeps?: string | undefined;
}

export interface LotChoiceVerdict {
  /** What to refuse the write with; null when every choice still holds after it. */
  errors: FieldErrors | null;
  /** The refusal's message when it has one of its own (a delete has no form to show fields on). */
  message?: string | undefined;
  /** The revisions of the books the check read: the write locks these portfolios and goes ahead only if none moved. */
  revisions: ReadonlyMap<string, number>;
}

/**
 * Replays the user's books with the write in them under the US rule's identification and says
 * whether the sale's named lots cover it, and whether any other sale's choice stops being
 * coverable. It belongs to the tax module (above this one), which app.ts hands down.
 */
export type LotChoiceCheck = (edit: LotChoiceEdit) => Promise<LotChoiceVerdict>;
