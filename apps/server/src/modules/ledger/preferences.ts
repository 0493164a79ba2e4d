import type { CostBasisMethod } from '@app/contracts';

/** The two user settings every portfolio figure follows (GET /api/v2/settings/). */
export interface UserPreferences {
  base_currency: string;
  cost_basis_method: CostBasisMethod;
}

/** Structurally satisfied by the settings service (modules/settings). */
export interface PreferencesReader {
  get(userId: string): Promise<UserPreferences>;
}
