import { type BaseCurrency, baseCurrencies, type UserSettings } from '@app/contracts';
import { readStored, writeStored } from '@/lib/storage';

/**
 * Local persistence: the favourites and the base currency are also kept on the device,
 * so a reload paints prices in the right currency at once instead of in usd until settings load.
 * The server stays the source of truth; these copies are purged after 24 hours.
 */
export const localSettingsKeys = {
  favorites: 'crypto_favorites',
  baseCurrency: 'crypto_base_currency',
} as const;

/**
 * Read synchronously while the first screen renders, so these two small shapes are checked by
 * hand: with zod here, every page would load zod before its first paint.
 */
const favoriteLimits = { count: 1000, idLength: 200 } as const;

function isBaseCurrency(value: unknown): value is BaseCurrency {
  return typeof value === 'string' && (baseCurrencies as readonly string[]).includes(value);
}

function isFavoriteList(value: unknown): value is string[] {
  return (
    Array.isArray(value) &&
    value.length <= favoriteLimits.count &&
    value.every((id) => typeof id === 'string' && id.length <= favoriteLimits.idLength)
  );
}

export function storedBaseCurrency(storage?: Storage): BaseCurrency | undefined {
  const stored = readStored(localSettingsKeys.baseCurrency, storage);
  return isBaseCurrency(stored) ? stored : undefined;
}

export function storedFavorites(storage?: Storage): string[] | undefined {
  const stored = readStored(localSettingsKeys.favorites, storage);
  return isFavoriteList(stored) ? stored : undefined;
}

export function mirrorSettings(
  settings: Pick<UserSettings, 'base_currency' | 'favorites'>,
  storage?: Storage,
): void {
  writeStored(localSettingsKeys.baseCurrency, settings.base_currency, Date.now(), storage);
  writeStored(localSettingsKeys.favorites, settings.favorites, Date.now(), storage);
}
