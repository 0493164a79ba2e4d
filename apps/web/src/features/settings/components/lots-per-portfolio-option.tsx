import type { TaxSettings } from '@app/contracts';
import { useUpdateTaxSettings } from '@/lib/tax/tax-api';

/**
 * US rule only: lots tracked per portfolio from 2025 (each sale draws on its own portfolio's
 * lots). Saved on change, like the rule itself; the Tax page then shows the 2024 allocation.
 */
export function LotsPerPortfolioOption({ settings }: { settings: TaxSettings | undefined }) {
  const update = useUpdateTaxSettings();
  const pending = update.isPending ? update.variables?.lots_per_portfolio : undefined;
  const checked = pending ?? settings?.lots_per_portfolio ?? false;
  return (
    <div className="mt-4 text-sm">
      <label className="flex cursor-pointer items-start gap-2">
        <input
          type="checkbox"
          checked={checked}
          disabled={!settings}
          aria-describedby="lots-per-portfolio-help"
          onChange={(e) => update.mutate({ lots_per_portfolio: e.target.checked })}
          className="mt-1"
        />
        <span className="font-medium">Lots are tracked per portfolio (wallet or account)</span>
      </label>
      <p id="lots-per-portfolio-help" className="mt-1 pl-6 text-xs text-muted">
        US: required from 1 January 2025 (IRS Rev. Proc. 2024-28); each sale then uses only its own
        portfolio&rsquo;s lots.
      </p>
    </div>
  );
}
