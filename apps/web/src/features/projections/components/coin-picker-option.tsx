import { cn } from '@/lib/cn';
import type { PickerCoin } from '../api/projections-api';
import { CoinIcon } from './coin-icon';
import { formatCoins } from './format';

/** One coin in the picker's list: icon, name and ticker, id, and the balance held. */
export function CoinPickerOption({
  coin,
  id,
  selected,
  active,
  onChoose,
  onHover,
}: {
  coin: PickerCoin;
  id: string;
  selected: boolean;
  active: boolean;
  onChoose: () => void;
  onHover: () => void;
}) {
  return (
    <div
      id={id}
      role="option"
      aria-selected={selected}
      aria-label={`${coin.name} (${coin.symbol.toUpperCase()})`}
      onClick={onChoose}
      onKeyDown={(e) => {
        if (e.key === 'Enter') onChoose();
      }}
      onMouseEnter={onHover}
      tabIndex={-1}
      className={cn(
        'flex cursor-pointer items-center gap-2 rounded-md px-2 py-1.5 text-sm',
        active ? 'bg-surface-2' : '',
      )}
    >
      <CoinIcon src={coin.image} symbol={coin.symbol} size={24} />
      <span className="min-w-0 flex-1">
        <span className="block truncate font-medium">
          {coin.name} <span className="text-muted">{coin.symbol.toUpperCase()}</span>
          {coin.user_favorite && (
            <span className="ml-1 text-warning" title="Favourite">
              ★
            </span>
          )}
        </span>
        <span className="block truncate text-xs text-muted">
          {coin.id}
          {coin.db_id !== null && coin.db_id !== coin.id ? ` · #${coin.db_id}` : ''}
        </span>
      </span>
      <span className="shrink-0 text-right text-xs tabular-nums text-muted">
        {formatCoins(coin.available_balance)}
      </span>
    </div>
  );
}
