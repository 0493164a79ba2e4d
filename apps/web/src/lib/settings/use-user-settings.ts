import {
  type BaseCurrency,
  defaultUserSettings,
  type UpdateUserSettings,
  type UserSettings,
} from '@app/contracts';
import { formatCurrency, formatQuantity } from '@app/core';
import { useMutation, useMutationState, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { maskIfPrivate, usePrivacyMode } from '@/lib/privacy';
import { storedBaseCurrency, storedFavorites } from './local-settings-mirror';
import { patchUserSettings, settingsKeys, userSettingsQuery } from './settings-api';

/** Saves of settings carry this key, so readers can see what is being saved right now. */
const settingsMutationKey = [...settingsKeys.all, 'update'] as const;

/**
 * The signed-in user's server-side settings (base currency, favourites, cost-basis method), with
 * any save still in flight laid over them. A refetch can start during a save (every `buffers`
 * event refetches all queries) and answer the copy from before it; the optimistic cache entry
 * alone would then flip the control back to the old value until the save answered.
 */
export function useUserSettings(): { data: UserSettings | undefined } {
  const { data } = useQuery(userSettingsQuery());
  const saving = useMutationState({
    filters: { mutationKey: settingsMutationKey, status: 'pending' },
    select: (mutation) => mutation.state.variables as UpdateUserSettings | undefined,
  });
  return useMemo(() => {
    if (data === undefined || saving.length === 0) return { data };
    let merged: UserSettings = data;
    for (const patch of saving) if (patch) merged = { ...merged, ...patch } as UserSettings;
    return { data: merged };
  }, [data, saving]);
}

/**
 * Query roots whose figures follow the cost-basis method: the dashboard, portfolio totals, the
 * transaction pages (previews, available quantities) and projections built on positions. Named
 * here rather than imported, because shared code never depends on features.
 */
export const costBasisQueryRoots: readonly string[] = [
  'dashboard',
  'portfolios',
  'transactions',
  'projections',
  // Tax lots, reports, returns and linked exit plans follow the method too.
  'tax',
  // Oracle's lot P&L, exit-plan and tax-timing cards.
  'insights',
];

function dependsOnCostBasis(root: unknown): boolean {
  return typeof root === 'string' && costBasisQueryRoots.includes(root);
}

/**
 * Patches settings optimistically, so a star or a currency switch shows at once; the
 * server's answer replaces the guess, and a failure restores the previous copy. Saves go to the
 * server one at a time in the order made (one scope), so the last change of a field is the one kept.
 */
export function useUpdateSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationKey: settingsMutationKey,
    scope: { id: 'user-settings' },
    mutationFn: (patch: UpdateUserSettings) => patchUserSettings(patch),
    onMutate: async (patch) => {
      await client.cancelQueries({ queryKey: settingsKeys.all });
      const previous = client.getQueryData<UserSettings>(settingsKeys.all);
      client.setQueryData<UserSettings>(settingsKeys.all, {
        ...defaultUserSettings,
        ...previous,
        ...patch,
      } as UserSettings);
      return { previous };
    },
    onError: (_error, _patch, context) => {
      if (context?.previous) client.setQueryData(settingsKeys.all, context.previous);
    },
    onSuccess: async (settings, patch) => {
      // A refetch started during the save may still answer the copy from before it: drop it.
      await client.cancelQueries({ queryKey: settingsKeys.all });
      client.setQueryData(settingsKeys.all, settings);
      // Every market figure is priced in the base currency, so a switch refetches them all.
      if (patch.base_currency !== undefined)
        void client.invalidateQueries({ predicate: (q) => q.queryKey[0] !== settingsKeys.all[0] });
      else if (patch.cost_basis_method !== undefined)
        void client.invalidateQueries({ predicate: (q) => dependsOnCostBasis(q.queryKey[0]) });
    },
  });
}

/** The user's base currency (lower-case code); the device's last copy, or usd, until settings load. */
export function useBaseCurrency(): BaseCurrency {
  const { data } = useUserSettings();
  return data?.base_currency ?? storedBaseCurrency() ?? defaultUserSettings.base_currency;
}

export type MoneyFormatter = (value: number | string | null | undefined) => string;

/**
 * Formats money with the currency decimals; blanks show as an en dash, and privacy mode shows the
 * mask. Components call it through a hook that subscribes to privacy mode (useMoneyFormatter,
 * useMoneyIn), so a toggle re-renders them.
 */
export function formatMoney(value: number | string | null | undefined, currency: string): string {
  if (value === null || value === undefined || value === '') return '–';
  const n = typeof value === 'number' ? value : Number(value.replace(/,/g, ''));
  if (!Number.isFinite(n)) return '–';
  return maskIfPrivate(currencyText(n, value, currency));
}

/** Intl knows ISO 4217 codes only; a CSV's "USDT" price reads as an exact amount and its code. */
function currencyText(n: number, value: number | string, currency: string): string {
  try {
    return formatCurrency(n, currency);
  } catch {
    return `${formatQuantity(value, 'en-US', Math.max(2, currencyDecimalsFor(n)))} ${currency.toUpperCase()}`;
  }
}

function currencyDecimalsFor(n: number): number {
  return Math.abs(n) >= 1 ? 2 : 8;
}

/** Money in the user's base currency. */
export function useMoneyFormatter(): MoneyFormatter {
  const currency = useBaseCurrency();
  const privacy = usePrivacyMode();
  // biome-ignore lint/correctness/useExhaustiveDependencies: privacy changes what formatMoney returns
  return useCallback((value) => formatMoney(value, currency), [currency, privacy]);
}

/** Money in a currency of its own (a portfolio's), for pages that list several portfolios. */
export function useMoneyIn(): (value: number | string | null | undefined, currency: string) => string {
  const privacy = usePrivacyMode();
  // biome-ignore lint/correctness/useExhaustiveDependencies: privacy changes what formatMoney returns
  return useCallback((value, currency) => formatMoney(value, currency), [privacy]);
}

/** The favourite coin ids and a toggle that persists them on the server. */
export function useFavorites(): { favorites: ReadonlySet<string>; toggle: (coinId: string) => void } {
  const { data } = useUserSettings();
  const update = useUpdateSettings();
  const list = useMemo(() => data?.favorites ?? storedFavorites() ?? [], [data?.favorites]);
  const toggle = useCallback(
    (coinId: string) => {
      const next = list.includes(coinId) ? list.filter((id) => id !== coinId) : [...list, coinId];
      update.mutate({ favorites: next });
    },
    [list, update],
  );
  const favorites = useMemo(() => new Set(list), [list]);
  return { favorites, toggle };
}
