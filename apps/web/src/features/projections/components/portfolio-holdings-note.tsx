import { type PortfolioDataResponse, unknownCostLines, unknownCostMessages } from '@app/contracts';
import { Button } from '@/components/ui/button';
import { LeftOutNote } from '@/components/ui/left-out-note';
import { formatCoins, money } from './format';

/**
 * What the portfolios hold of the picked coin, with the way to fill the dialog from it, or that
 * they hold none of it.
 */
export function PortfolioHoldingsNote({
  offer,
  fromPortfolios,
  notHeld,
  symbol,
  currency,
  onApply,
}: {
  offer: PortfolioDataResponse | null;
  /** The fields still hold what the portfolios filled in. */
  fromPortfolios: boolean;
  notHeld: boolean;
  symbol: string;
  currency: string;
  onApply: () => void;
}) {
  return (
    <>
      {offer !== null && (
        <div className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-line bg-surface-2 px-3 py-2 text-sm">
          <div className="min-w-0">
            <span>
              {fromPortfolios ? 'Filled in from your portfolios' : 'In your portfolios'}:{' '}
              {formatCoins(offer.tokens_owned)} {symbol.toUpperCase()}, invested{' '}
              {money(offer.invested_capital, currency)}
              {/* The invested capital leaves out coins whose cost nobody gave: said, not read as free. */}
              {offer.unknown_cost_quantity !== undefined &&
                ` (${unknownCostMessages.unknownCostUnits(`${formatCoins(offer.unknown_cost_quantity)} ${symbol.toUpperCase()}`)})`}
            </span>
            <LeftOutNote lines={unknownCostLines(offer)} />
            {fromPortfolios && (
              <span className="block text-xs text-muted">
                The coins held across all your portfolios and their cost basis. Edit them for a plan over part
                of it.
              </span>
            )}
          </div>
          {!fromPortfolios && (
            <Button variant="ghost" onClick={onApply}>
              Use portfolio amounts
            </Button>
          )}
        </div>
      )}
      {notHeld && (
        <p className="text-sm text-muted">
          None of your portfolios holds {symbol.toUpperCase()}: type the invested capital and the coins owned.
        </p>
      )}
    </>
  );
}
