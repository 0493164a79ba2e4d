/** What every style has: layout, type size, motion, the focus outline's width and the disabled look. */
const base =
  'inline-flex items-center justify-center gap-2 text-sm transition focus-visible:outline-2 disabled:cursor-not-allowed disabled:opacity-50';
/** The full-size buttons: padded, bold, with the focus outline set off from the edge. */
const solid = `${base} rounded-lg px-4 py-2 font-semibold focus-visible:outline-offset-2`;

/**
 * Shared class strings so links styled as buttons and real buttons look alike. Each is built from
 * the parts above: the shell ships these strings on every page, and the shared parts once are
 * fewer bytes than four full copies.
 */
export const buttonStyles = {
  primary: `${solid} bg-accent text-accent-fg hover:bg-accent-strong focus-visible:outline-accent`,
  secondary: `${solid} border border-line bg-surface-2 text-fg hover:border-muted focus-visible:outline-accent`,
  /** What cannot be taken back; dark text on the danger red keeps AA contrast in both themes. */
  danger: `${solid} bg-danger text-[#1f0707] hover:brightness-110 focus-visible:outline-danger`,
  ghost: `${base} rounded-md px-2 py-1 text-muted hover:text-fg focus-visible:outline-accent`,
} as const;
