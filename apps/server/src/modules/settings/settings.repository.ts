import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { userSettings } from '../../db/schema/index.ts';

export interface SettingsRow {
  baseCurrency: string;
  favorites: string[];
  costBasisMethod: string;
}

export async function findSettings(db: Db, userId: string): Promise<SettingsRow | undefined> {
  const rows = await db
    .select({
      baseCurrency: userSettings.baseCurrency,
      favorites: userSettings.favorites,
      costBasisMethod: userSettings.costBasisMethod,
    })
    .from(userSettings)
    .where(eq(userSettings.userId, userId))
    .limit(1);
  return rows[0];
}

/** Insert-or-update in one statement, so two tabs patching at once cannot both insert. */
export async function upsertSettings(
  db: Db,
  userId: string,
  values: Partial<SettingsRow>,
  now: Date,
): Promise<SettingsRow> {
  const rows = await db
    .insert(userSettings)
    .values({ userId, ...values, updatedAt: now })
    .onConflictDoUpdate({ target: userSettings.userId, set: { ...values, updatedAt: now } })
    .returning({
      baseCurrency: userSettings.baseCurrency,
      favorites: userSettings.favorites,
      costBasisMethod: userSettings.costBasisMethod,
    });
  const row = rows[0];
  if (!row) throw new Error('upsert returned no row');
  return row;
}
