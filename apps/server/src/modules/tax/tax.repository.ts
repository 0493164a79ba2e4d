import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { projectionTaxLinks, type TaxSettingsRow, taxSettings } from '../../db/schema/index.ts';

export async function findTaxSettings(db: Db, userId: string): Promise<TaxSettingsRow | undefined> {
  const rows = await db.select().from(taxSettings).where(eq(taxSettings.userId, userId)).limit(1);
  return rows[0];
}

export type TaxSettingsValues = Partial<
  Pick<
    TaxSettingsRow,
    'rule' | 'customThresholdDays' | 'shortRate' | 'longRate' | 'yearlyAllowance' | 'lotsPerPortfolio'
  >
>;

/** Insert-or-update in one statement, so two tabs saving at once cannot both insert. */
export async function upsertTaxSettings(
  db: Db,
  userId: string,
  values: TaxSettingsValues,
  now: Date,
): Promise<TaxSettingsRow> {
  const rows = await db
    .insert(taxSettings)
    .values({ userId, ...values, updatedAt: now })
    .onConflictDoUpdate({ target: taxSettings.userId, set: { ...values, updatedAt: now } })
    .returning();
  const row = rows[0];
  if (!row) throw new Error('upsert returned no row');
  return row;
}

/** undefined: not linked; null: linked to all portfolios; otherwise the portfolio id. */
export async function findProjectionLink(
  db: Db,
  userId: string,
  projectionId: string,
): Promise<string | null | undefined> {
  const rows = await db
    .select({ portfolioId: projectionTaxLinks.portfolioId })
    .from(projectionTaxLinks)
    .where(and(eq(projectionTaxLinks.userId, userId), eq(projectionTaxLinks.projectionId, projectionId)))
    .limit(1);
  return rows[0] === undefined ? undefined : rows[0].portfolioId;
}

export async function saveProjectionLink(
  db: Db,
  userId: string,
  projectionId: string,
  portfolioId: string | null,
  now: Date,
): Promise<void> {
  await db
    .insert(projectionTaxLinks)
    .values({ projectionId, userId, portfolioId, updatedAt: now })
    .onConflictDoUpdate({ target: projectionTaxLinks.projectionId, set: { portfolioId, updatedAt: now } });
}

export async function deleteProjectionLink(db: Db, userId: string, projectionId: string): Promise<void> {
  await db
    .delete(projectionTaxLinks)
    .where(and(eq(projectionTaxLinks.userId, userId), eq(projectionTaxLinks.projectionId, projectionId)));
}
