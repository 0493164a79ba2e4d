/** Singular and plural of each kind the import reports, as the page says them. */
const kinds: Record<string, readonly [string, string]> = {
  portfolios: ['portfolio', 'portfolios'],
  transactions: ['transaction', 'transactions'],
  cash_movements: ['cash movement', 'cash movements'],
  transfer_decisions: ['transfer decision', 'transfer decisions'],
  sale_lot_choices: ['lot choice', 'lot choices'],
  tax_wallet_allocations: ['placed 2024 lot', 'placed 2024 lots'],
  tax_method_history: ['dated tax setting', 'dated tax settings'],
  projections: ['projection', 'projections'],
  projection_rungs: ['planned sale', 'planned sales'],
  alerts: ['alert', 'alerts'],
  notifications: ['notification', 'notifications'],
  notification_channels: ['notification channel', 'notification channels'],
  watchlists: ['watchlist', 'watchlists'],
  watchlist_items: ['watchlist coin', 'watchlist coins'],
  allocation_targets: ['allocation target', 'allocation targets'],
};

/** "3 portfolios, 1 alert": the kinds with any, in the order given; "nothing" when none has any. */
export function countsInWords(counts: Readonly<Record<string, number>>): string {
  const parts = Object.entries(counts)
    .filter(([, n]) => n > 0)
    .map(([kind, n]) => {
      const [one, many] = kinds[kind] ?? [kind.replaceAll('_', ' '), kind.replaceAll('_', ' ')];
      return `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;
    });
  return parts.length > 0 ? parts.join(', ') : 'nothing';
}

/** File sizes as people read them: kB up to a megabyte, then MB with one decimal. */
export function sizeInWords(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} kB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
