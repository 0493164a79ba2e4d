/** 200,000 rather than 200000: the limits are read by people, and the large ones are large. */
const counted = (n: number): string => n.toLocaleString('en-US');

const several = (n: number, one: string, many: string): string => `${counted(n)} ${n === 1 ? one : many}`;

/** A wait in whole minutes, never "0 minutes": the window may end within the second. */
const minutes = (ms: number): string => several(Math.max(1, Math.ceil(ms / 60_000)), 'minute', 'minutes');

/**
 * The words for each per-account limit the server enforces. The numbers are the operator's (the
 * server's configuration), so every message takes the limit it reports rather than knowing it.
 */
export const limitMessages = {
  portfolios: (limit: number) =>
    `You have ${several(limit, 'portfolio', 'portfolios')}, the most one account can have; delete one to add another.`,
  watchlists: (limit: number) =>
    `You have ${several(limit, 'watchlist', 'watchlists')}, the most one account can have; delete one to add another.`,
  projections: (limit: number) =>
    `You have ${several(limit, 'projection', 'projections')}, the most one account can have; delete one to add another.`,
  connections: (limit: number) =>
    `You have ${several(limit, 'connection', 'connections')}, the most one account can have; delete one to add another.`,
  /** Said of a single row, an import and a sync alike: the whole write is refused, never part of it. */
  transactions: (limit: number) =>
    `A portfolio can hold at most ${several(limit, 'transaction', 'transactions')}, and this would take it past that; delete some, or use another portfolio.`,
  narrations: (limit: number, waitMs: number) =>
    `You have asked for ${several(limit, 'narration', 'narrations')} within the hour, the most allowed; try again in ${minutes(waitMs)}.`,
  testSends: (limit: number, waitMs: number) =>
    `You have sent ${several(limit, 'test message', 'test messages')} within the hour, the most allowed; try again in ${minutes(waitMs)}.`,
} as const;
