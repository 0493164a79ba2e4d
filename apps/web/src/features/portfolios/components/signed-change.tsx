import { cn } from '@/lib/cn';

/** Positive green, negative red. */
export function SignedChange({ value, children }: { value: string | number | null; children: string }) {
  const n = value === null ? 0 : Number(value);
  return <span className={cn(n > 0 && 'text-accent', n < 0 && 'text-danger')}>{children}</span>;
}

export { formatSignedPercent as formatPercent } from '@app/core';
