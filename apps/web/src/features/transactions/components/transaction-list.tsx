import { type CryptoOption, costOrUnknown, type Transaction, transactionTypeLabels } from '@app/contracts';
import { formatDateTime } from '@app/core';
import { Button } from '@/components/ui/button';
import { Private } from '@/components/ui/private-value';
import { Table, Td, Th } from '@/components/ui/table';
import { feeText } from '@/lib/fee-text';
import { useQuantityFormatter } from '@/lib/quantity';
import { useMoneyIn } from '@/lib/settings';
import { CoinName } from './coin-name';
import { TransactionCard } from './transaction-card';
import { TransactionSource } from './transaction-source';

export interface TransactionListProps {
  transactions: readonly Transaction[];
  coins: ReadonlyMap<string, CryptoOption>;
  portfolios: ReadonlyMap<string, { name: string; currency: string }>;
  /** Hidden on a portfolio's own page, where every row is from that portfolio. */
  showPortfolio?: boolean;
  /** Without these the rows have no actions: a portfolio shared with the reader to view. */
  onEdit?: (t: Transaction) => void;
  onDelete?: (t: Transaction) => void;
  /** With these, each row has a checkbox (bulk actions); the header one selects the whole page. */
  selected?: ReadonlySet<string>;
  onSelect?: (ids: ReadonlySet<string>) => void;
}

/** What a screen reader hears after "Edit"/"Delete": "Buy Bitcoin, Jan 5, 2024, 10:00 AM". */
const rowName = (t: Transaction, coin: CryptoOption | undefined) =>
  `${transactionTypeLabels[t.type]} ${coin?.name ?? t.coin_id}, ${formatDateTime(t.executed_at)}`;

/** Transactions as a table from md up and as cards on phones, so the page never scrolls sideways. */
export function TransactionList({
  transactions,
  coins,
  portfolios,
  showPortfolio = true,
  onEdit,
  onDelete,
  selected,
  onSelect,
}: TransactionListProps) {
  const money = useMoneyIn();
  const q = useQuantityFormatter();
  const selectable = selected !== undefined && onSelect !== undefined;
  const allSelected = selectable && transactions.length > 0 && transactions.every((t) => selected.has(t.id));
  const toggle = (t: Transaction, on: boolean) => {
    if (!selectable) return;
    const next = new Set(selected);
    if (on) next.add(t.id);
    else next.delete(t.id);
    onSelect(next);
  };
  const checkbox = (t: Transaction) =>
    selectable && (
      <input
        type="checkbox"
        className="size-4"
        aria-label={`Select ${rowName(t, coins.get(t.coin_id))}`}
        checked={selected.has(t.id)}
        onChange={(e) => toggle(t, e.target.checked)}
      />
    );
  const actions = (t: Transaction) => (
    <>
      {onEdit && (
        <Button variant="ghost" onClick={() => onEdit(t)}>
          Edit <span className="sr-only">{rowName(t, coins.get(t.coin_id))}</span>
        </Button>
      )}
      {onDelete && (
        <Button variant="ghost" onClick={() => onDelete(t)}>
          Delete <span className="sr-only">{rowName(t, coins.get(t.coin_id))}</span>
        </Button>
      )}
    </>
  );
  return (
    <>
      <Table
        caption="Transactions, newest first"
        className="hidden rounded-xl border border-line bg-surface md:block"
        head={
          <>
            {selectable && (
              <Th className="w-8">
                <input
                  type="checkbox"
                  className="size-4"
                  aria-label="Select every transaction on this page"
                  checked={allSelected}
                  onChange={(e) => onSelect(new Set(e.target.checked ? transactions.map((t) => t.id) : []))}
                />
              </Th>
            )}
            <Th>Date</Th>
            <Th>Type</Th>
            <Th>Coin</Th>
            <Th numeric>Quantity</Th>
            <Th numeric>Price</Th>
            <Th numeric>Fee</Th>
            {showPortfolio && <Th>Portfolio</Th>}
            <Th>Note</Th>
            <Th>
              <span className="sr-only">Actions</span>
            </Th>
          </>
        }
      >
        {transactions.map((t) => {
          const p = portfolios.get(t.portfolio_id);
          const currency = p?.currency ?? 'usd';
          return (
            <tr key={t.id} className="border-t border-line">
              {selectable && <Td>{checkbox(t)}</Td>}
              <Td className="whitespace-nowrap">{formatDateTime(t.executed_at)}</Td>
              <Td>{transactionTypeLabels[t.type]}</Td>
              <Td>
                <CoinName coin={coins.get(t.coin_id)} id={t.coin_id} />
              </Td>
              <Td numeric>
                <Private>{q(t.quantity)}</Private>
              </Td>
              <Td numeric>
                <Private>{costOrUnknown(t.price_per_coin, (v) => money(v, currency))}</Private>
              </Td>
              <Td numeric>
                <Private>{feeText(t.fee, t.fee_currency, currency, money)}</Private>
              </Td>
              {showPortfolio && <Td>{p?.name ?? ''}</Td>}
              <Td className="max-w-48 truncate text-muted">
                <TransactionSource transaction={t} />
                {t.note}
              </Td>
              <Td className="whitespace-nowrap">{actions(t)}</Td>
            </tr>
          );
        })}
      </Table>
      {selectable && (
        <label className="mb-2 flex items-center gap-2 text-sm text-muted md:hidden">
          <input
            type="checkbox"
            className="size-4"
            checked={allSelected}
            onChange={(e) => onSelect(new Set(e.target.checked ? transactions.map((t) => t.id) : []))}
          />
          Select all on this page
        </label>
      )}
      <ul aria-label="Transactions, newest first" className="grid gap-2 md:hidden">
        {transactions.map((t) => (
          <TransactionCard
            key={t.id}
            t={t}
            coin={coins.get(t.coin_id)}
            portfolio={portfolios.get(t.portfolio_id)}
            showPortfolio={showPortfolio}
            checkbox={checkbox(t)}
            actions={actions(t)}
          />
        ))}
      </ul>
    </>
  );
}
