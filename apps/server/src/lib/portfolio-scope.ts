import { AsyncLocalStorage } from 'node:async_hooks';
import { inArray, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

const storage = new AsyncLocalStorage<ReadonlySet<string>>();

/**
 * Runs `fn` where only these portfolios of the user exist: a token restricted to some portfolios
 * sees the others as another user would (404 for one of them, absent from every list). The ledger's
 * repositories read it, so every module that finds portfolios through them is scoped alike.
 */
export function withPortfolioScope<T>(ids: readonly string[], fn: () => T): T {
  return storage.run(new Set(ids), fn);
}

/** The portfolios the current request may see; undefined: every one of the user's. */
export function visiblePortfolioIds(): ReadonlySet<string> | undefined {
  return storage.getStore();
}

/** Whether the current request may see this portfolio. */
export function portfolioVisible(id: string): boolean {
  const visible = storage.getStore();
  return visible === undefined || visible.has(id);
}

/** A query's condition that keeps to the visible portfolios: undefined (no condition) when all are. */
export function visibleIn(column: AnyPgColumn): SQL | undefined {
  const visible = storage.getStore();
  return visible === undefined ? undefined : inArray(column, [...visible]);
}
