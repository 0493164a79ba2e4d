import { useQuery } from '@tanstack/react-query';
import { Button } from '@/components/ui/button';
import { Panel } from '@/components/ui/panel';
import { isApiError } from '@/lib/api/api-error';
import { describeApiError } from '@/lib/api/error-presentation';
import { formatCalendarDay } from '@/lib/calendar-day';
import { coinLabel, useCoinLookup } from '@/lib/coin-lookup';
import { useMoneyIn } from '@/lib/settings';
import { taxSettingsQuery } from '@/lib/tax/tax-api';
import { useWalletAllocationChange, walletAllocationQuery } from './wallet-allocation-api';
import { WalletAllocationCoinView } from './wallet-allocation-coin';

const title = 'Per-portfolio lots: 2024 allocation';

/** Shown on the Tax page while lots are tracked per portfolio (Settings → Tax rule, US). */
export function WalletAllocationSection() {
  const { data: settings } = useQuery(taxSettingsQuery());
  if (!settings?.lots_per_portfolio || settings.rule !== 'us') return null;
  return <WalletAllocationPanel />;
}

function changeError(error: unknown): string | null {
  if (!error) return null;
  if (!isApiError(error)) return 'The allocation could not be saved. Please try again.';
  const fields = Object.values(error.fieldErrors).flat();
  return fields.length > 0 ? fields.join(' ') : describeApiError(error).message;
}

/**
 * The lots held on 31 December 2024 placed in the portfolios that held them: the proposal from
 * the ledger until the person confirms it (IRS Rev. Proc. 2024-28's safe harbour), then the
 * confirmed one. Sales from 2025 draw only on their own portfolio's lots as placed here.
 */
function WalletAllocationPanel() {
  const query = useQuery(walletAllocationQuery());
  const change = useWalletAllocationChange();
  const coins = useCoinLookup();
  const moneyIn = useMoneyIn();
  const a = query.data;
  const error = changeError(change.error);

  return (
    <div className="mt-6">
      <Panel title={title}>
        <p className="text-sm text-muted">
          From 1 January 2025 each sale uses only the lots of its own portfolio. The lots you held on 31
          December 2024 are placed in the portfolios that held them that day. This is an estimate from your
          ledger, not tax advice: check it before you confirm.
        </p>
        {query.isPending && <p className="mt-3 text-sm text-muted">Loading the allocation…</p>}
        {query.isError && (
          <p role="alert" className="mt-3 text-sm text-danger">
            The allocation could not be loaded.
          </p>
        )}
        {a && (
          <>
            <p className="mt-3 text-sm" aria-live="polite">
              {a.source === 'confirmed' && a.confirmed_at !== null ? (
                <span className="font-medium">
                  Confirmed on {formatCalendarDay(a.confirmed_at.slice(0, 10))}
                </span>
              ) : a.status === 'outdated' ? (
                <span className="font-medium text-danger">
                  Your confirmed allocation no longer adds up after changes to 2024 or earlier. Proposed
                  again: estimated until you confirm it.
                </span>
              ) : (
                <span className="font-medium">Proposed: estimated until you confirm it.</span>
              )}
            </p>
            {a.coins.length === 0 ? (
              <p className="mt-3 text-sm text-muted">No lots were held on 31 December 2024.</p>
            ) : (
              a.coins.map((coin) => (
                <WalletAllocationCoinView
                  key={coin.coin_id}
                  coin={coin}
                  label={coinLabel(coins, coin.coin_id)}
                  money={(v) => moneyIn(v, a.currency)}
                />
              ))
            )}
            <div className="mt-4 flex flex-wrap items-center gap-3">
              {a.source === 'confirmed' ? (
                <Button
                  variant="secondary"
                  disabled={change.isPending}
                  onClick={() => change.mutate({ reset: true })}
                >
                  Back to the proposal
                </Button>
              ) : (
                a.coins.length > 0 && (
                  <Button
                    variant="primary"
                    disabled={change.isPending}
                    onClick={() => change.mutate({ confirm: a })}
                  >
                    Confirm allocation
                  </Button>
                )
              )}
              <p className="text-xs text-muted">
                Lots are ordered by your 2024 method ({a.method.toUpperCase()}) where a portfolio needs lots
                from elsewhere.
              </p>
            </div>
            {error && (
              <p role="alert" className="mt-2 text-sm text-danger">
                {error}
              </p>
            )}
          </>
        )}
      </Panel>
    </div>
  );
}
