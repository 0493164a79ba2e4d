import type { BaseCurrency, InsightAction, InsightCard } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useId, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { buttonStyles } from '@/components/ui/button-styles';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';
import { maskMoneyInText, usePrivacyMode } from '@/lib/privacy';
import { explainInsightQuery } from '../api/insights-api';
import { InsightTableView } from './insight-table';
import { severityClass, severityLabel } from './severity';

export type AlertActionRenderer = (action: {
  coinId: string;
  price: string;
  /** The currency the price is in; absent: the user's base currency. */
  currency?: BaseCurrency | undefined;
  label: string;
  /**
   * Classes to add to the secondary button style, so the alert button is as small as the links
   * beside it.
   */
  className: string;
}) => ReactNode;

/** The cards' actions are smaller than the page's buttons. */
const actionSize = 'px-3 py-1.5 text-xs';
const actionStyle = cn(buttonStyles.secondary, actionSize);

interface InsightCardProps {
  card: InsightCard;
  portfolioId: string;
  renderAlertAction?: AlertActionRenderer | undefined;
}

function ActionLink({
  action,
  renderAlertAction,
}: {
  action: InsightAction;
  renderAlertAction?: AlertActionRenderer | undefined;
}) {
  if (action.alert && renderAlertAction) {
    return (
      <>
        {renderAlertAction({
          coinId: action.alert.coin_id,
          price: action.alert.price,
          currency: action.alert.currency,
          label: action.label,
          className: actionSize,
        })}
      </>
    );
  }
  return (
    <Link to={action.href} className={actionStyle}>
      {action.label}
    </Link>
  );
}

/** One insight: severity, headline with its figures, caveats, actions, and the "why" drill-down. */
export function InsightCardView({ card, portfolioId, renderAlertAction }: InsightCardProps) {
  usePrivacyMode();
  const [open, setOpen] = useState(false);
  const [all, setAll] = useState(false);
  const whyId = useId();
  const full = useQuery({
    ...explainInsightQuery(portfolioId, card.kind, card.subject),
    enabled: open && all,
  });
  const shown = all && full.data ? full.data.card : card;
  const hasMore = card.why.tables.some((t) => t.omitted > 0);
  return (
    <article
      aria-label={card.title}
      className={cn(
        'rounded-xl border bg-surface p-4',
        card.available ? 'border-line' : 'border-dashed border-line',
      )}
    >
      <div className="flex flex-wrap items-center gap-2">
        <span
          className={cn(
            'rounded-full border px-2 py-0.5 text-xs font-semibold',
            severityClass[card.severity],
          )}
        >
          {severityLabel[card.severity]}
        </span>
        <h2 className="text-sm font-semibold">{card.title}</h2>
        {card.estimate && (
          <span className="rounded-full border border-warning/60 px-2 py-0.5 text-xs text-warning">
            Estimate
          </span>
        )}
      </div>
      <p className="mt-2 text-sm leading-relaxed">{maskMoneyInText(card.headline)}</p>
      {card.caveats.length > 0 && (
        <ul aria-label="Data caveats" className="mt-2 space-y-1 text-xs text-warning">
          {card.caveats.map((c) => (
            <li key={c}>⚠ {maskMoneyInText(c)}</li>
          ))}
        </ul>
      )}
      <div className="mt-3 flex flex-wrap items-center gap-2">
        {card.available && (
          <Button
            variant="ghost"
            className="border border-line"
            aria-expanded={open}
            aria-controls={whyId}
            onClick={() => setOpen((v) => !v)}
          >
            {open ? 'Hide why' : 'Why?'}
          </Button>
        )}
        {card.actions.map((a) => (
          <ActionLink key={a.href + a.label} action={a} renderAlertAction={renderAlertAction} />
        ))}
      </div>
      {open && (
        <section
          id={whyId}
          aria-label={`Why: ${card.title}`}
          className="mt-3 border-t border-line pt-3 text-sm"
        >
          <p className="text-muted">{shown.why.formula}</p>
          {shown.why.numbers.length > 0 && (
            <dl className="mt-2 grid grid-cols-1 gap-x-4 gap-y-1 sm:grid-cols-2">
              {shown.why.numbers.map((n) => (
                <div key={n.label} className="flex justify-between gap-3 border-b border-line/60 py-1">
                  <dt className="text-muted">{n.label}</dt>
                  <dd className="text-right tabular-nums">{n.value}</dd>
                </div>
              ))}
            </dl>
          )}
          {shown.why.tables.map((t) => (
            <InsightTableView key={t.title} table={t} />
          ))}
          {hasMore && !all && (
            <Button variant="ghost" className="mt-2" onClick={() => setAll(true)}>
              Show every row
            </Button>
          )}
          {all && full.isPending && <Spinner label="Loading every row" />}
        </section>
      )}
    </article>
  );
}
