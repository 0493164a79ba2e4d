import { type BaseCurrency, baseCurrencySchema, type UserSettings } from '@app/contracts';
import { z } from 'zod';
import { readStored, writeStored } from '@/lib/storage';

/**
 * Spec §3 "Local persistence": the favourites and the base currency are also kept on the device,
 * so a reload paints prices in the right currency at once instead of in usd until settings load.
 * The server stays the source of truth; these copies are purged after 24 hours.
 */
export const localSettingsKeys = {
  favorites: 'crypto_favorites',
  baseCurrency: 'crypto_base_currency',
} as const;

const favoritesSchema = z.array(z.string().max(200)).max(1000);

export function storedBaseCurrency(storage?: Storage): BaseCurrency | undefined {
  const parsed = baseCurrencySchema.safeParse(readStored(localSettingsKeys.baseCurrency, storage));
  return parsed.success ? parsed.data : undefined;
}

export function storedFavorites(storage?: Storage): string[] | undefined {
  const parsed = favoritesSchema.safeParse(readStored(localSettingsKeys.favorites, storage));
  return parsed.success ? parsed.data : undefined;
}

export function mirrorSettings(
  settings: Pick<UserSettings, 'base_currency' | 'favorites'>,
  storage?: Storage,
): void {
  writeStored(localSettingsKeys.baseCurrency, settings.base_currency, Date.now(), storage);
  writeStored(localSettingsKeys.favorites, settings.favorites, Date.now(), storage);
}
