import type { CryptoOption } from '@app/contracts';
import { CoinAvatar } from '@/components/ui/coin-avatar';

/** "Bitcoin BTC" with its icon; the id only while the coin list is loading or for unlisted coins. */
export function CoinName({ coin, id }: { coin: CryptoOption | undefined; id: string }) {
  if (!coin) return <span>{id}</span>;
  return (
    <span className="inline-flex items-center gap-1.5 align-middle">
      <CoinAvatar src={coin.image} name={coin.name} symbol={coin.symbol} size={18} />
      <span>{coin.name}</span>
      <span className="text-xs uppercase text-muted">{coin.symbol}</span>
    </span>
  );
}
