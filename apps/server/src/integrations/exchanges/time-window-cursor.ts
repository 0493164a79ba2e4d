import { z } from 'zod';

/**
 * Where a history read by time windows stands (Binance's deposits, withdrawals and distributions,
 * which answer at most 90 or 180 days per request).
 *
 * Every record up to `through` (epoch ms) that had reached its final state has been handed out.
 * A record still pending (a withdrawal awaiting its transaction hash) holds `through` just before
 * it, so the next read asks from there again; what was handed out after `through` is listed in
 * `handedOut` (id and time) and skipped when it comes again. A read stopped in the middle of a
 * window resumes at the window's start, and `handedOut` keeps it from doubling anything.
 */
export interface TimeWindowCursor {
  through: number | null;
  handedOut: Array<[id: string, at: number]>;
}

export const timeWindowCursorSchema = z.object({
  through: z.number().int().nullable(),
  handedOut: z.array(z.tuple([z.string(), z.number().int()])),
});

export const emptyTimeWindowCursor = (): TimeWindowCursor => ({ through: null, handedOut: [] });

/** A record's state as far as handing it out goes. */
export type RecordState =
  /** Done and it moved money: hand it out. */
  | 'final'
  /** Not done yet: wait for it. */
  | 'pending'
  /** Done without moving anything (cancelled, rejected): nothing to hand out. */
  | 'void';

export interface WindowedRead<R> {
  cursor: TimeWindowCursor;
  /** Where history starts when the cursor is new. */
  historyStart: number;
  /** Nothing after this (epoch ms) is read now. */
  end: number;
  /** The widest window one request may ask for. */
  windowMs: number;
  /** A pending record older than this is taken as void: the exchange will not finish it any more. */
  giveUpBefore: number;
  /** The pages of records of [from, to], both inclusive. */
  pages: (from: number, to: number) => AsyncIterable<R[]>;
  identify: (record: R) => { id: string; at: number; state: RecordState };
}

export interface WindowedBatch<R> {
  records: R[];
  cursor: TimeWindowCursor;
}

/** Reads windows from the cursor to `end`, yielding each page's new final records with the cursor after them. */
export async function* readTimeWindows<R>(read: WindowedRead<R>): AsyncGenerator<WindowedBatch<R>> {
  const handed = new Map<string, number>(read.cursor.handedOut);
  let through = read.cursor.through;
  let held = false;
  let from = (through ?? read.historyStart - 1) + 1;
  const snapshot = (): TimeWindowCursor => ({
    through,
    handedOut: [...handed.entries()].filter(([, at]) => through === null || at > through),
  });

  while (from <= read.end) {
    const to = Math.min(from + read.windowMs - 1, read.end);
    for await (const page of read.pages(from, to)) {
      const fresh: R[] = [];
      for (const record of page) {
        const { id, at, state } = read.identify(record);
        if (handed.has(id)) continue;
        if (state === 'pending' && at >= read.giveUpBefore) {
          // Records are only read after `through`, so this never moves it back past what was done.
          through = held && through !== null ? Math.min(through, at - 1) : at - 1;
          held = true;
          continue;
        }
        if (state !== 'final') continue;
        handed.set(id, at);
        fresh.push(record);
      }
      yield { records: fresh, cursor: snapshot() };
    }
    if (!held) through = to;
    from = to + 1;
    yield { records: [], cursor: snapshot() };
  }
}
