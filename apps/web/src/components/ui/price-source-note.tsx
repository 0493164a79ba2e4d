import { dateFormat } from '@app/core';

const providerNames: Record<string, string> = { binance: 'Binance', coinbase: 'Coinbase' };

function clock(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime())
    ? iso
    : dateFormat(undefined, { hour: '2-digit', minute: '2-digit' }).format(d);
}

/**
 * Marks a price that another provider answered while CoinGecko was unavailable (the rest of
 * the row is CoinGecko's last copy). Nothing is shown for CoinGecko's own prices.
 */
export function PriceSourceNote({ source, asOf }: { source: string | undefined; asOf: string | undefined }) {
  if (source === undefined || source === 'coingecko' || source === 'demo') return null;
  const name = providerNames[source] ?? source;
  const detail = `Price from ${name} (USDT pair)${asOf ? ` at ${clock(asOf)}` : ''} while CoinGecko is unavailable; other figures are CoinGecko's last copy.`;
  return (
    <span
      className="block whitespace-nowrap text-[0.7rem] font-normal text-warning sm:ml-1 sm:inline"
      title={detail}
    >
      via {name}
      <span className="sr-only">. {detail}</span>
    </span>
  );
}
