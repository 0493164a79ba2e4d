import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { privateMarker, usePrivacyMode } from '@/lib/privacy';
import { formatCoinQuantity } from '@/lib/quantity';
import { formatMoney } from '@/lib/settings';

interface PrivateProps {
  children: ReactNode;
  className?: string | undefined;
}

/** Wraps text that is (or contains) a monetary value or quantity with the privacy marker. */
export function Private({ children, className }: PrivateProps) {
  return (
    <span {...privateMarker} className={cn('tabular-nums', className)}>
      {children}
    </span>
  );
}

interface MoneyProps {
  value: string | number | null | undefined;
  currency: string;
  className?: string | undefined;
}

/** A monetary value in a currency, with its currency decimals, masked in privacy mode. */
export function Money({ value, currency, className }: MoneyProps) {
  usePrivacyMode();
  return <Private className={className}>{formatMoney(value, currency)}</Private>;
}

interface QuantityProps {
  value: string | number | null | undefined;
  /** Shown after the amount, e.g. the coin's symbol; stays visible in privacy mode. */
  unit?: string | undefined;
  className?: string | undefined;
}

/** A coin quantity, exact to 8 decimals without float noise, masked in privacy mode. */
export function Quantity({ value, unit, className }: QuantityProps) {
  usePrivacyMode();
  return (
    <span className={className}>
      <Private>{formatCoinQuantity(value)}</Private>
      {unit ? ` ${unit}` : null}
    </span>
  );
}
