import { Dec } from '../decimal.ts';
import type { CalendarDay } from './dates.ts';
import type { LotBook, NamedLot, NamedShortfall, Piece } from './lot-book.ts';

/* Specific identification: a sale names the lots it sells (IRS: Treas. Reg. § 1.1012-1(c), and
 * for digital assets held in a wallet § 1.1012-1(j)); the US rule follows the choice. */

/** One line of a stored choice, as the server reads it: the acquisition and a decimal string. */
export interface LotChoiceInput {
  acquisitionId: string;
  quantity: string;
}

/** Sale id → the lots it names, in the order named. */
export type LotChoices = ReadonlyMap<string, readonly LotChoiceInput[]>;

export type LotChoiceIssueKind = 'lots_short' | 'total_mismatch' | 'not_a_sale';

/**
 * A stored choice the replay could not follow in full: a named lot held less than named at the
 * sale's time (lots_short), the lots named add up to another quantity than the sale's
 * (total_mismatch), or the row is no longer a sale (not_a_sale). What the named lots did not
 * cover was taken by the method, so the figures stay complete; the report says which sales.
 */
export interface LotChoiceIssue {
  saleId: string;
  portfolioId: string;
  coinId: string;
  soldAt: string;
  soldDay: CalendarDay;
  kind: LotChoiceIssueKind;
  quantity: Dec;
  named: Dec;
  shortfalls: NamedShortfall[];
}

export interface LotChoiceOutcome {
  /** The rule follows choices of lots (the US rule). */
  applies: boolean;
  /** Sales whose named lots were used. */
  applied: ReadonlySet<string>;
  /** Sales with a choice the rule ignores (it fixes the matching). */
  ignored: ReadonlySet<string>;
  issues: readonly LotChoiceIssue[];
}

export const noLotChoices: LotChoiceOutcome = {
  applies: false,
  applied: new Set(),
  ignored: new Set(),
  issues: [],
};

export function namedLots(lines: readonly LotChoiceInput[]): NamedLot[] {
  return lines.map((l) => ({ acquisitionId: l.acquisitionId, quantity: new Dec(l.quantity) }));
}

export function namedTotal(named: readonly NamedLot[]): Dec {
  return named.reduce((sum, n) => sum.add(n.quantity), new Dec(0));
}

/**
 * A sale that names its lots: the named units first, never more in all than the sale (a choice
 * naming more, because the sale was made smaller since, is cut in the order named), then what the
 * named lots did not cover by the book's method, so a stale choice never leaves a sale unmatched.
 */
export function takeChosen(
  book: LotBook,
  quantity: Dec,
  named: readonly NamedLot[],
): { chosen: Piece[]; rest: Piece[]; shortfalls: NamedShortfall[]; total: Dec } {
  const total = namedTotal(named);
  let room = quantity;
  const capped: NamedLot[] = [];
  for (const n of named) {
    if (!room.gt(0)) break;
    const q = Dec.min(room, n.quantity);
    capped.push({ acquisitionId: n.acquisitionId, quantity: q });
    room = room.sub(q);
  }
  const { pieces, shortfalls } = book.takeNamed(capped);
  const taken = pieces.reduce((sum, p) => sum.add(p.quantity), new Dec(0));
  const left = quantity.sub(taken);
  return { chosen: pieces, rest: left.gt(0) ? book.take(left) : [], shortfalls, total };
}

/** Collects what the replay did with each sale's choice. */
export class LotChoiceLog {
  readonly applied = new Set<string>();
  readonly ignored = new Set<string>();
  readonly issues: LotChoiceIssue[] = [];

  constructor(readonly applies: boolean) {}

  outcome(): LotChoiceOutcome {
    return { applies: this.applies, applied: this.applied, ignored: this.ignored, issues: this.issues };
  }
}

/**
 * Where a choice for a sale not yet entered (the what-if's) goes beyond the open lots it names:
 * per line the units of that acquisition held (lines that fit are left out), and whether the
 * lines add up to the sale.
 */
export function choiceAgainstLots(
  lots: readonly { acquisitionId: string; quantity: Dec }[],
  named: readonly NamedLot[],
  quantity: Dec,
): { short: { index: number; available: Dec }[]; total: Dec; adds_up: boolean } {
  const held = new Map<string, Dec>();
  for (const l of lots) held.set(l.acquisitionId, (held.get(l.acquisitionId) ?? new Dec(0)).add(l.quantity));
  const short: { index: number; available: Dec }[] = [];
  named.forEach((n, index) => {
    const available = held.get(n.acquisitionId) ?? new Dec(0);
    if (n.quantity.gt(available)) short.push({ index, available });
  });
  const total = namedTotal(named);
  return { short, total, adds_up: total.eq(quantity) };
}
