import { useMutation, useQuery } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { isApiError } from '@/lib/api/api-error';
import { describeApiError } from '@/lib/api/error-presentation';
import { coinLabel, useCoinLookup } from '@/lib/coin-lookup';
import { requestWhatIf, whatIfPortfoliosQuery } from './what-if-api';
import { useWhatIfDraft } from './what-if-draft';
import { WhatIfFields } from './what-if-fields';
import { WhatIfResult } from './what-if-result';

export interface WhatIfSectionProps {
  /** The coin page's coin; absent on the Tax page, where the form offers the coins held. */
  coinId?: string | undefined;
  /** The scope to start from: a portfolio id or 'all'. */
  portfolioId?: string | undefined;
}

/**
 * "What if I sell?": a sale tried against the lots held, before it is made. The form takes the
 * coin (fixed on the coin page), a quantity, and optionally a price (the price now by default),
 * fees, a date and a portfolio; the server answers with the lots the sale would use and the tax
 * at the account's rates. Nothing is saved.
 */
export function WhatIfSection(props: WhatIfSectionProps) {
  // Another coin (the coin page's next coin) or the page's other portfolio starts a fresh form.
  return <WhatIfForm key={`${props.coinId}|${props.portfolioId}`} {...props} />;
}

function WhatIfForm({ coinId, portfolioId: startScope = 'all' }: WhatIfSectionProps) {
  const draft = useWhatIfDraft(coinId, startScope);
  const { data: portfolios } = useQuery(whatIfPortfoliosQuery());
  const coins = useCoinLookup();
  const sale = useMutation({ mutationFn: requestWhatIf });
  const { lots, scope, held } = draft;

  const fieldErrors = isApiError(sale.error) ? sale.error.fieldErrors : {};
  const otherError =
    sale.error && Object.keys(fieldErrors).length === 0
      ? isApiError(sale.error)
        ? describeApiError(sale.error).message
        : 'The estimate could not be made. Please try again.'
      : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    sale.mutate(draft.body());
  };

  return (
    <section aria-labelledby="what-if-heading" className="mt-6 rounded-xl border border-line bg-surface p-4">
      <h2 id="what-if-heading" className="font-semibold">
        What if I sell?
      </h2>
      <p className="text-sm text-muted">
        See what a sale would cost in tax before you make it: the lots it would use under your tax rule and
        the tax at your rates. Nothing is saved.
      </p>
      {lots.isPending ? (
        <p role="status" className="mt-3 text-sm text-muted">
          Loading your lots…
        </p>
      ) : lots.error ? (
        <p role="alert" className="mt-3 text-sm">
          Could not load your lots. Please try again.
        </p>
      ) : coinId !== undefined && scope === 'all' && !held ? (
        // The coin page of a coin not held: nothing to try a sale on.
        <p className="mt-3 text-sm text-muted">
          You hold none of {coinLabel(coins, coinId)} in your portfolios.
        </p>
      ) : (
        <WhatIfFields
          draft={draft}
          coinId={coinId}
          portfolios={portfolios?.results ?? []}
          fieldErrors={fieldErrors}
          pending={sale.isPending}
          onSubmit={submit}
        />
      )}
      {otherError !== null && (
        <p role="alert" className="mt-3 text-sm text-danger">
          {otherError}
        </p>
      )}
      {sale.data && !sale.isPending && <WhatIfResult result={sale.data} />}
    </section>
  );
}
