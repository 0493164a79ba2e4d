import {
  baseCurrencySchema,
  costBasisMethods,
  defaultUserSettings,
  type UpdateUserSettings,
  type UserSettings,
} from '@app/contracts';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { findSettings, type SettingsRow, upsertSettings } from './settings.repository.ts';

function toSettings(row: SettingsRow | undefined): UserSettings {
  if (!row) return { ...defaultUserSettings, favorites: [] };
  const currency = baseCurrencySchema.safeParse(row.baseCurrency);
  const method = costBasisMethods.find((m) => m === row.costBasisMethod);
  return {
    base_currency: currency.success ? currency.data : defaultUserSettings.base_currency,
    favorites: Array.isArray(row.favorites) ? row.favorites.filter((f) => typeof f === 'string') : [],
    cost_basis_method: method ?? defaultUserSettings.cost_basis_method,
  };
}

/**
 * Per-user settings (base currency, favourites, cost-basis method). Other modules' services
 * call `get(userId)` for the user's base currency and cost-basis method.
 */
export function createSettingsService(deps: { db: Db; clock: Clock }) {
  return {
    async get(userId: string): Promise<UserSettings> {
      return toSettings(await findSettings(deps.db, userId));
    },

    async update(userId: string, patch: UpdateUserSettings): Promise<UserSettings> {
      const values: Partial<SettingsRow> = {};
      if (patch.base_currency !== undefined) values.baseCurrency = patch.base_currency;
      if (patch.cost_basis_method !== undefined) values.costBasisMethod = patch.cost_basis_method;
      if (patch.favorites !== undefined) values.favorites = [...new Set(patch.favorites)];
      return toSettings(await upsertSettings(deps.db, userId, values, deps.clock()));
    },

    async favorites(userId: string): Promise<Set<string>> {
      return new Set((await this.get(userId)).favorites);
    },
  };
}

export type SettingsService = ReturnType<typeof createSettingsService>;
