import { formatQuantity } from '@app/core';
import { useCallback } from 'react';
import { maskIfPrivate, usePrivacyMode } from './privacy';

export type QuantityFormatter = (value: string | number | null | undefined) => string;

/** A coin quantity: exact, up to 8 decimals, no float noise; the mask in privacy mode. */
export function formatCoinQuantity(value: string | number | null | undefined): string {
  return maskIfPrivate(formatQuantity(value));
}

/** The same, subscribed to privacy mode so a toggle re-renders the caller. */
export function useQuantityFormatter(): QuantityFormatter {
  const privacy = usePrivacyMode();
  // biome-ignore lint/correctness/useExhaustiveDependencies: privacy changes what the formatter returns
  return useCallback((value) => formatCoinQuantity(value), [privacy]);
}
