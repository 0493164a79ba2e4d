import { z } from 'zod';
import { baseCurrencySchema } from './base-currency.ts';
import { costBasisMethods } from './cost-basis-constants.ts';

/** Per-user settings kept on the server: base currency, favourites, cost-basis method. */

/** Favourites are coin ids; a generous cap keeps one PATCH from storing an unbounded array. */
export const maxFavorites = 500;

const coinIdSchema = z
  .string()
  .trim()
  .min(1)
  .max(100)
  .regex(/^[a-z0-9][a-z0-9._-]*$/, 'Must be a coin id');

export const userSettingsSchema = z.object({
  base_currency: baseCurrencySchema,
  favorites: z.array(z.string()),
  cost_basis_method: z.enum(costBasisMethods),
});
export type UserSettings = z.infer<typeof userSettingsSchema>;

/** PATCH body: any subset; favourites replace the whole list (deduplicated, order kept). */
export const updateUserSettingsSchema = z
  .object({
    base_currency: baseCurrencySchema.optional(),
    favorites: z.array(coinIdSchema).max(maxFavorites).optional(),
    cost_basis_method: z.enum(costBasisMethods).optional(),
  })
  .strict();
export type UpdateUserSettings = z.infer<typeof updateUserSettingsSchema>;
