import type { Projection } from '@app/contracts';
import type { aggregateProjections } from '@app/core';
import { Table, Td, Th } from '@/components/ui/table';
import { CoinIcon } from './coin-icon';
import { formatCoins, money } from './format';

/** Every counted sell of the chosen projections, each in its own projection's currency. */
export function AllPlannedSellsTable({
  transactions,
  currencyOf,
}: {
  transactions: ReturnType<typeof aggregateProjections>['transactions'];
  currencyOf: ReadonlyMap<string, Projection['currency']>;
}) {
  return (
    <Table
      caption="All planned sells"
      className="rounded-xl border border-line bg-surface"
      tableClassName="min-w-[640px]"
      head={['Projection', '#', 'Coins sold', 'Price per coin', 'Cash out'].map((h) => (
        <Th key={h} density="custom" className="px-3 py-2">
          {h}
        </Th>
      ))}
    >
      {transactions.map((tx) => {
        const c = currencyOf.get(tx.projectionId) ?? 'usd';
        return (
          <tr key={`${tx.projectionId}-${tx.id}`} className="border-t border-line">
            <Td density="custom" className="px-3 py-2">
              <span className="flex items-center gap-2">
                <CoinIcon src={tx.coin_image} symbol={tx.coin_symbol} />
                {tx.projectionName}
              </span>
            </Td>
            <Td density="custom" className="px-3 py-2 tabular-nums">
              {tx.transaction_order}
            </Td>
            <Td density="custom" className="px-3 py-2 tabular-nums">
              {formatCoins(tx.coinsSold)} {tx.coin_symbol.toUpperCase()}
            </Td>
            <Td density="custom" className="px-3 py-2 tabular-nums">
              {money(tx.pricePerCoin, c)}
            </Td>
            <Td density="custom" className="px-3 py-2 tabular-nums">
              {money(tx.net, c)}
            </Td>
          </tr>
        );
      })}
    </Table>
  );
}
