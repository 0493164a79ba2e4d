import { CoinAvatar } from './coin-avatar';
import { PriceChange } from './price-change';
import { PriceSourceNote } from './price-source-note';

interface CoinHeadlineProps {
  coin: {
    name: string;
    symbol: string;
    image: string;
    current_price: number;
    price_change_percentage_1h: number | null;
    price_change_percentage_24h: number | null;
    price_change_percentage_7d: number | null;
    price_source?: string | undefined;
    price_as_of?: string | undefined;
  };
  /** The price already formatted in the user's base currency. */
  price: string;
  /** Page title (h1, large) on the coin page; section heading (h2) inside the terminal. */
  level: 'page' | 'section';
}

/** A coin's avatar, name, price and 1h/24h/7d changes, as the coin page and terminal show it. */
export function CoinHeadline({ coin, price, level }: CoinHeadlineProps) {
  const page = level === 'page';
  const Heading = page ? 'h1' : 'h2';
  return (
    <>
      <CoinAvatar src={coin.image} name={coin.name} symbol={coin.symbol} size={page ? 44 : 36} />
      <div className={page ? undefined : 'min-w-0'}>
        <Heading className={page ? 'text-2xl font-semibold tracking-tight' : 'text-lg font-semibold'}>
          {coin.name}{' '}
          <span className={`${page ? 'text-base' : 'text-sm'} uppercase text-muted`}>{coin.symbol}</span>
        </Heading>
        <p className="flex flex-wrap items-baseline gap-3 text-sm">
          <span className={`${page ? 'text-2xl' : 'text-xl'} font-semibold tabular-nums`} data-private>
            {price}
          </span>
          <PriceSourceNote source={coin.price_source} asOf={coin.price_as_of} />
          <span>
            1h <PriceChange value={coin.price_change_percentage_1h} />
          </span>
          <span>
            24h <PriceChange value={coin.price_change_percentage_24h} />
          </span>
          <span>
            7d <PriceChange value={coin.price_change_percentage_7d} />
          </span>
        </p>
      </div>
    </>
  );
}
