import { beforeEach, describe, expect, it } from 'vitest';
import {
  localSettingsKeys,
  mirrorSettings,
  storedBaseCurrency,
  storedFavorites,
} from './local-settings-mirror';

beforeEach(() => localStorage.clear());

describe('local copies of the favourites and base currency', () => {
  it('round-trips what the server answered, under the spec keys', () => {
    mirrorSettings({ base_currency: 'eur', favorites: ['bitcoin', 'solana'] });
    expect(storedBaseCurrency()).toBe('eur');
    expect(storedFavorites()).toEqual(['bitcoin', 'solana']);
    expect(localStorage.getItem(localSettingsKeys.baseCurrency)).toContain('"value":"eur"');
    expect(localStorage.getItem(localSettingsKeys.favorites)).toContain('savedAt');
  });

  it('ignores missing, corrupt or unsupported copies', () => {
    expect(storedBaseCurrency()).toBeUndefined();
    localStorage.setItem(localSettingsKeys.baseCurrency, JSON.stringify({ value: 'doge', savedAt: 1 }));
    localStorage.setItem(localSettingsKeys.favorites, '{not json');
    expect(storedBaseCurrency()).toBeUndefined();
    expect(storedFavorites()).toBeUndefined();
  });
});
