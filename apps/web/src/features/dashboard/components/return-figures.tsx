import { formatSignedPercent } from '@app/core';
import { cn } from '@/lib/cn';

/** A return as a signed percentage: green above zero, red below, a dash where there is none. */
export function Pct({ value }: { value: string | null }) {
  if (value === null) return <span className="text-muted">–</span>;
  const text = formatSignedPercent(value);
  const n = Number(value);
  return <span className={cn(text !== '0.00%' && (n > 0 ? 'text-accent' : 'text-danger'))}>{text}</span>;
}

/** "+0.42 pp": the difference from the benchmark in percentage points. */
export function pp(value: string | null): string {
  return value === null ? '–' : formatSignedPercent(value).replace('%', ' pp');
}
