import type { AccountExport, FieldErrors } from '@app/contracts';

/**
 * The file's entries name each other by id; an export of ours names only entries it holds, and
 * never holds two with one id or two the database keeps unique. A file that does otherwise was
 * cut or edited: these are the places where, each worded for its path in the file.
 */
export function referenceProblems(file: AccountExport): FieldErrors {
  const problems: FieldErrors = {};
  const add = (path: string, message: string) => {
    problems[path] = [...(problems[path] ?? []), message];
  };

  const idsOf = (list: readonly { id: string }[], name: string): Set<string> => {
    const seen = new Set<string>();
    list.forEach((entry, i) => {
      if (seen.has(entry.id)) add(`${name}.${i}.id`, 'This id appears twice in the file');
      seen.add(entry.id);
    });
    return seen;
  };
  const portfolios = idsOf(file.portfolios, 'portfolios');
  const connections = idsOf(file.connections, 'connections');
  const transactions = idsOf(file.transactions, 'transactions');
  idsOf(file.cash_movements, 'cash_movements');
  idsOf(file.projections, 'projections');
  const alerts = idsOf(file.alerts, 'alerts');
  idsOf(file.notifications, 'notifications');
  const channels = idsOf(file.notification_channels, 'notification_channels');
  idsOf(file.watchlists, 'watchlists');

  const mustName = (set: ReadonlySet<string>, id: string | null, path: string, what: string) => {
    if (id !== null && !set.has(id)) add(path, `Names a ${what} the file does not hold`);
  };

  file.connections.forEach((c, i) => {
    mustName(portfolios, c.portfolio_id, `connections.${i}.portfolio_id`, 'portfolio');
  });
  file.transactions.forEach((t, i) => {
    mustName(portfolios, t.portfolio_id, `transactions.${i}.portfolio_id`, 'portfolio');
    mustName(
      transactions,
      t.matched_transaction_id,
      `transactions.${i}.matched_transaction_id`,
      'transaction',
    );
    mustName(
      connections,
      t.source?.connection_id ?? null,
      `transactions.${i}.source.connection_id`,
      'connection',
    );
  });
  file.cash_movements.forEach((m, i) => {
    mustName(portfolios, m.portfolio_id, `cash_movements.${i}.portfolio_id`, 'portfolio');
    mustName(transactions, m.transaction_id, `cash_movements.${i}.transaction_id`, 'transaction');
    mustName(connections, m.connection_id, `cash_movements.${i}.connection_id`, 'connection');
  });
  const pairs = new Set<string>();
  file.transfer_decisions.forEach((d, i) => {
    mustName(transactions, d.out_transaction_id, `transfer_decisions.${i}.out_transaction_id`, 'transaction');
    mustName(transactions, d.in_transaction_id, `transfer_decisions.${i}.in_transaction_id`, 'transaction');
    const pair = `${d.out_transaction_id} ${d.in_transaction_id}`;
    if (pairs.has(pair)) add(`transfer_decisions.${i}`, 'This pair appears twice in the file');
    pairs.add(pair);
  });
  const lots = new Set<string>();
  file.sale_lot_choices.forEach((c, i) => {
    mustName(transactions, c.sale_id, `sale_lot_choices.${i}.sale_id`, 'transaction');
    const lot = `${c.sale_id} ${c.acquisition_id}`;
    if (lots.has(lot)) add(`sale_lot_choices.${i}`, 'This lot appears twice for the sale');
    lots.add(lot);
  });
  const years = new Set<number>();
  file.tax_method_history.forEach((h, i) => {
    if (years.has(h.from_year))
      add(`tax_method_history.${i}.from_year`, 'Two entries of the tax history start this year');
    years.add(h.from_year);
  });
  const placed = new Set<string>();
  file.tax_wallet_allocations.forEach((w, i) => {
    mustName(portfolios, w.portfolio_id, `tax_wallet_allocations.${i}.portfolio_id`, 'portfolio');
    const piece = `${w.acquisition_id} ${w.portfolio_id}`;
    if (placed.has(piece)) add(`tax_wallet_allocations.${i}`, 'This lot is placed in this portfolio twice');
    placed.add(piece);
  });
  file.projections.forEach((p, i) => {
    if (p.tax_link)
      mustName(portfolios, p.tax_link.portfolio_id, `projections.${i}.tax_link.portfolio_id`, 'portfolio');
    const orders = new Set<number>();
    p.rungs.forEach((r, j) => {
      if (orders.has(r.transaction_order)) {
        add(`projections.${i}.rungs.${j}.transaction_order`, 'Two rungs of the plan have this order');
      }
      orders.add(r.transaction_order);
    });
  });
  file.alerts.forEach((a, i) => {
    (a.channel_ids ?? []).forEach((id, j) => {
      mustName(channels, id, `alerts.${i}.channel_ids.${j}`, 'notification channel');
    });
  });
  file.notifications.forEach((n, i) => {
    mustName(alerts, n.alert_id, `notifications.${i}.alert_id`, 'alert');
  });
  if (file.notification_channels.filter((c) => c.kind === 'email').length > 1) {
    add('notification_channels', 'An account has one email channel; the file holds several');
  }
  const names = new Set<string>();
  file.watchlists.forEach((w, i) => {
    const name = w.name.trim().toLowerCase();
    if (names.has(name)) add(`watchlists.${i}.name`, 'Two watchlists of the file have this name');
    names.add(name);
    const coins = new Set<string>();
    w.items.forEach((item, j) => {
      if (coins.has(item.coin_id))
        add(`watchlists.${i}.items.${j}.coin_id`, 'This coin is twice in the list');
      coins.add(item.coin_id);
    });
  });
  file.allocation_targets.forEach((t, i) => {
    mustName(portfolios, t.portfolio_id, `allocation_targets.${i}.portfolio_id`, 'portfolio');
  });
  return problems;
}
