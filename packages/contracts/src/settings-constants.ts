import { defaultBaseCurrency } from './market-constants.ts';
import type { UserSettings } from './settings.ts';

// Apart from the settings schemas, so the app shell reads these without zod.
export const settingsRoutes = { settings: '/v2/settings/' } as const;

export const defaultUserSettings: UserSettings = {
  base_currency: defaultBaseCurrency,
  favorites: [],
  cost_basis_method: 'average',
};
