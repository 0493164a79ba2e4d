import { z } from 'zod';

/**
 * Where one of Kraken's offset-paged lists (TradesHistory, Ledgers) stands. Kraken answers 50
 * entries at a time, newest first, from `ofs`, between `start` (exclusive) and `end` (inclusive),
 * both whole unix seconds.
 *
 * Paging newest first from an offset is only stable while nothing new arrives at the front, so a
 * read pins `end` to a second that has already passed on Kraken's clock: everything up to it is
 * final, and newer entries wait for the next read. Entries dropped from the old end (retention)
 * do not move the offsets either. A read stopped half way keeps its window and offset and resumes
 * there; once a window is done, `through` becomes its end and the window is dropped.
 */
export interface KrakenListCursor {
  /** Every entry with time ≤ through (unix seconds) has been handed out; null: none yet. */
  through: number | null;
  /** A window (through, end] being read; entries at offsets below `ofs` were handed out. */
  window?: { end: number; ofs: number } | undefined;
}

export const krakenListCursorSchema = z.object({
  through: z.number().int().nullable(),
  window: z.object({ end: z.number().int(), ofs: z.number().int().nonnegative() }).optional(),
});

export interface KrakenPage<E> {
  entries: E[];
  count: number;
}

export interface KrakenPageQuery {
  start: number | undefined;
  end: number;
  ofs: number;
}

/** Pages of the list from the cursor up to `end`, each with the cursor that includes it. */
export async function* krakenListPages<E>(
  cursor: KrakenListCursor,
  end: number,
  fetchPage: (query: KrakenPageQuery) => Promise<KrakenPage<E>>,
): AsyncGenerator<{ entries: E[]; cursor: KrakenListCursor }> {
  let state: KrakenListCursor = cursor;
  for (;;) {
    const window = state.window ?? (state.through !== null && end <= state.through ? null : { end, ofs: 0 });
    if (window === null) return;
    const page = await fetchPage({ start: state.through ?? undefined, end: window.end, ofs: window.ofs });
    const ofs = window.ofs + page.entries.length;
    const done = page.entries.length === 0 || ofs >= page.count;
    state = done ? { through: window.end } : { through: state.through, window: { end: window.end, ofs } };
    yield { entries: page.entries, cursor: state };
    if (done && window.end >= end) return;
  }
}
