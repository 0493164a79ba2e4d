import type { AllowanceKind, SummaryStep, TaxReport } from '@app/contracts';
import { Fragment } from 'react';

const allowanceNames: Record<AllowanceKind, string> = {
  annual_exempt_amount: 'Annual exempt amount',
  exemption_limit: 'Exemption limit',
  loss_deduction_limit: 'Loss deduction limit',
  custom_allowance: 'Yearly allowance',
  none: 'Allowance',
};

/** What "used" means for each kind: a limit is not used up, and the US cap is a deduction. */
const usedNames: Record<AllowanceKind, string> = {
  annual_exempt_amount: 'Allowance used',
  exemption_limit: 'Kept tax-free by the limit',
  loss_deduction_limit: 'Loss set against other income',
  custom_allowance: 'Allowance used',
  none: 'Allowance used',
};

type Money = (value: string | null) => string;

/**
 * A step's text with each `{name}` replaced by its amount, formatted (and masked in privacy mode)
 * like every other figure. Kept whole on one line, an amount never breaks across two.
 */
function StepText({ step, money }: { step: SummaryStep; money: Money }) {
  const parts = step.text.split(/\{(\w+)\}/);
  return (
    <>
      {parts.map((part, i) =>
        i % 2 === 0 ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed text, never reordered
          <Fragment key={i}>{part}</Fragment>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: an amount's place in one fixed text, never reordered
          <span key={i} className="whitespace-nowrap tabular-nums">
            {money(step.amounts[part] ?? null)}
          </span>
        ),
      )}
    </>
  );
}

/**
 * The report year after the rule's allowance and the losses carried between years: the figures,
 * then how each was worked out with its source. Always the person's whole books, which it says,
 * since the report above may list one portfolio. Nothing without a tax rule (no summary).
 */
export function YearSummary({
  report,
  money,
}: {
  report: Pick<TaxReport, 'year_summary' | 'year_label'> & Partial<Pick<TaxReport, 'lot_choices'>>;
  money: Money;
}) {
  const summary = report.year_summary;
  // What the year did with sales' named lots, said here (this part loads after the page) rather
  // than in the report's first paint, which most people, naming no lots, never need.
  const choiceNotes = report.lot_choices?.notes ?? [];
  const notes =
    choiceNotes.length === 0 ? null : (
      <ul aria-label="Lots chosen for sales" className="list-disc space-y-1 pl-5 text-sm text-muted">
        {choiceNotes.map((n) => (
          <li key={n}>{n}</li>
        ))}
      </ul>
    );
  if (!summary) return notes;
  const a = summary.allowance;
  const carried = summary.losses_by_category;
  const figures: [string, string][] = [
    ['Net gain', money(summary.net_gain)],
    [allowanceNames[a.kind], a.amount === null ? 'Not applied' : money(a.amount)],
    [usedNames[a.kind], money(a.used)],
    ...(a.left === null ? [] : ([['Allowance left', money(a.left)]] as [string, string][])),
    ['Losses brought forward', money(summary.losses_brought_forward)],
    ['Losses used', money(summary.losses_used)],
    ...(carried.length > 0
      ? carried.map((l): [string, string] => [
          `${l.category === 'short' ? 'Short' : 'Long'}-term loss carried forward`,
          money(l.carried_forward),
        ])
      : ([['Losses carried forward', money(summary.losses_carried_forward)]] as [string, string][])),
    ['Taxable gain', money(summary.taxable_gain)],
  ];
  return (
    <section
      aria-labelledby="year-summary-heading"
      className="rounded-xl border border-line bg-surface p-4 text-sm"
    >
      <h2 id="year-summary-heading" className="font-semibold">
        {report.year_label} after allowances and losses
      </h2>
      <p className="text-muted">
        Across all your portfolios: allowances and losses are yours, not a portfolio's.
      </p>
      <dl className="mt-3 grid grid-cols-2 gap-x-3 gap-y-2 sm:grid-cols-4">
        {figures.map(([term, figure]) => (
          <div key={term} className="min-w-0">
            <dt className="text-xs text-muted">{term}</dt>
            <dd className="break-words tabular-nums">{figure}</dd>
          </div>
        ))}
        <div className="col-span-2 min-w-0 rounded-lg border border-line p-2 sm:col-span-4">
          <dt className="text-xs text-muted">Estimated tax (an estimate, not a tax return)</dt>
          <dd className="text-lg font-semibold tabular-nums">{money(summary.estimated_tax)}</dd>
        </div>
      </dl>
      <h3 className="mt-4 font-medium">How it was worked out</h3>
      <ol
        aria-label="How it was worked out"
        className="mt-1 list-decimal space-y-1 pl-5 [overflow-wrap:anywhere]"
      >
        {summary.steps.map((step) => (
          // A step is its text and its amounts: two steps saying the same thing of the same sums are one.
          <li key={`${step.text}|${Object.values(step.amounts).join('|')}`}>
            <StepText step={step} money={money} />
          </li>
        ))}
      </ol>
      <p className="mt-2 text-xs text-muted [overflow-wrap:anywhere]">Source: {a.source}.</p>
      {notes}
    </section>
  );
}
