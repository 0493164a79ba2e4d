import type { InsightSeverity } from '@app/contracts';

export const severityLabel: Record<InsightSeverity, string> = {
  critical: 'Critical',
  warning: 'Warning',
  notice: 'Notice',
  info: 'Info',
};

/** Colour plus a word: severity is never told by colour alone. */
export const severityClass: Record<InsightSeverity, string> = {
  critical: 'border-danger/60 bg-danger/15 text-danger',
  warning: 'border-warning/60 bg-warning/15 text-warning',
  notice: 'border-accent/50 bg-accent/10 text-accent',
  info: 'border-line bg-surface-2 text-muted',
};
