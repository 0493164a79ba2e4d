import type { ReactNode } from 'react';
import { CoinAvatar } from './coin-avatar';

interface CoinNameCellProps {
  image: string | null | undefined;
  name: string;
  symbol: string;
  /** The line under the name; the symbol when not given. */
  detail?: ReactNode;
}

/**
 * A holding's coin as a table cell or a card heading shows it: the icon beside the name, with the
 * symbol (or what the card says about the holding) on a second line. A long name is cut with an
 * ellipsis instead of pushing the card's figures off a phone screen.
 */
export function CoinNameCell({ image, name, symbol, detail }: CoinNameCellProps) {
  return (
    <span className="flex min-w-0 items-center gap-2">
      <CoinAvatar src={image} name={name} symbol={symbol} size={22} />
      <span className="min-w-0">
        <span className="block truncate font-medium">{name}</span>
        {detail ?? <span className="block text-xs uppercase text-muted">{symbol}</span>}
      </span>
    </span>
  );
}
