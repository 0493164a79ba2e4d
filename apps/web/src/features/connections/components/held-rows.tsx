import { type HeldCandidate, type HeldLeg, transactionTypeLabels } from '@app/contracts';
import { formatDateTime } from '@app/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useCoinName } from '@/lib/coin-names';
import { useQuantityFormatter } from '@/lib/quantity';
import { useMoneyIn } from '@/lib/settings';
import { candidateOrigin } from './held-words';

/**
 * Label and value stacked in pairs rather than a table's columns: a phone's width holds them
 * without scrolling sideways, and each value keeps its name for a screen reader.
 */
function Facts({ id, children }: { id?: string; children: ReactNode }) {
  return (
    <dl id={id} className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-0.5 text-sm">
      {children}
    </dl>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="contents">
      <dt className="text-muted">{label}</dt>
      <dd className="min-w-0 break-words tabular-nums">{children}</dd>
    </div>
  );
}

/** The price per coin, or why there is none: a deposit's cost is not known to the exchange. */
function usePrice(currency: string) {
  const money = useMoneyIn();
  return (price: string | null) => (price === null ? 'cost unknown' : money(price, currency));
}

/** One row a held record would book, as the exchange gave it. */
export function HeldLegFacts({ leg, currency }: { leg: HeldLeg; currency: string }) {
  const coinName = useCoinName();
  const quantity = useQuantityFormatter();
  const price = usePrice(currency);
  return (
    <Facts>
      <Fact label="Date">
        <time dateTime={leg.executed_at}>{formatDateTime(leg.executed_at)}</time>
      </Fact>
      <Fact label="Type">{transactionTypeLabels[leg.type]}</Fact>
      <Fact label="Coin">{coinName(leg.coin_id)}</Fact>
      <Fact label="Quantity">{quantity(leg.quantity)}</Fact>
      <Fact label="Price">{price(leg.price_per_coin)}</Fact>
    </Facts>
  );
}

/** A transaction already in the portfolio that a held record may be, with where it came from. */
export function CandidateFacts({
  id,
  candidate,
  currency,
}: {
  id: string;
  candidate: HeldCandidate;
  currency: string;
}) {
  const quantity = useQuantityFormatter();
  const price = usePrice(currency);
  const origin = candidateOrigin(candidate);
  return (
    <Facts id={id}>
      <Fact label="Date">
        <time dateTime={candidate.executed_at}>{formatDateTime(candidate.executed_at)}</time>
      </Fact>
      <Fact label="Type">{transactionTypeLabels[candidate.type]}</Fact>
      <Fact label="Quantity">{quantity(candidate.quantity)}</Fact>
      <Fact label="Price">{price(candidate.price_per_coin)}</Fact>
      <Fact label="From">
        {candidate.connection_id === null ? (
          origin
        ) : (
          <Link to={`/settings/connections/${candidate.connection_id}`} className="text-accent underline">
            {origin}
          </Link>
        )}
      </Fact>
      {candidate.outside_ref !== null && (
        <Fact label="Exchange id">
          <code className="break-all text-xs">{candidate.outside_ref}</code>
        </Fact>
      )}
    </Facts>
  );
}
