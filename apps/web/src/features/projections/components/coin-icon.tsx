import { CoinAvatar } from '@/components/ui/coin-avatar';

/**
 * A coin's image, or its letters when there is none, it fails to load (offline, blocked host)
 * or its host is not allowed: the shared avatar, so projections look like the terminal.
 */
export function CoinIcon({ src, symbol, size = 20 }: { src: string; symbol: string; size?: number }) {
  return <CoinAvatar src={src} name={symbol} symbol={symbol} size={size} />;
}
