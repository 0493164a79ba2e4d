import type { Transaction, TransactionCreateBody } from '@app/contracts';
import { lazy, Suspense } from 'react';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { TransactionFeeFields } from './transaction-fee-fields';
import { TransactionFields } from './transaction-fields';
import { TransactionPreview } from './transaction-preview';
import { type FormPortfolio, useTransactionDraft } from './use-transaction-draft';
import { useTransactionSubmit } from './use-transaction-submit';

export type { FormPortfolio } from './use-transaction-draft';

// A sale's "Choose lots" loads when the form is for a sale: most transactions never need it.
const LotChoiceSection = lazy(() =>
  import('./lot-choice-section').then((m) => ({ default: m.LotChoiceSection })),
);

/**
 * Adds or edits one transaction. The state lives here (in its hooks); the parts below only show
 * it, in the order the form has always had, so focus and typing behave as in one component.
 */
export function TransactionForm({
  portfolios,
  editing,
  draft,
  onSubmit,
  onCancel,
}: {
  portfolios: readonly FormPortfolio[];
  editing?: Transaction | undefined;
  /** Opened for the sale the location's state proposes (the what-if's lowest-tax lots), filled in. */
  draft?: boolean | undefined;
  onSubmit: (body: TransactionCreateBody) => Promise<unknown>;
  onCancel: () => void;
}) {
  const d = useTransactionDraft(portfolios, editing, draft);
  const { busy, preview, submit } = useTransactionSubmit(d, editing, onSubmit);
  const { candidate, currency, errors, setErrors } = d;
  return (
    <form
      onSubmit={submit}
      aria-label={editing ? 'Edit transaction' : 'Add transaction'}
      className="grid gap-3 rounded-xl border border-line bg-surface p-4 sm:grid-cols-2 lg:grid-cols-4"
    >
      <TransactionFields d={d} portfolios={portfolios} />
      <TransactionFeeFields d={d} editing={editing !== undefined} />
      <TextField
        label="Date and time"
        type="datetime-local"
        value={d.date}
        errors={errors.date}
        onChange={(e) => d.setDate(e.target.value)}
      />
      <TextField
        label="Note"
        value={d.note}
        errors={errors.note}
        onChange={(e) => d.setNote(e.target.value)}
        className="sm:col-span-2"
      />
      {d.type === 'sell' && candidate && (
        <Suspense fallback={null}>
          <LotChoiceSection
            portfolioId={candidate.portfolio_id}
            coinId={candidate.coin_id}
            date={candidate.date}
            quantity={candidate.quantity}
            transactionId={editing?.id}
            value={d.lots}
            onChange={(next) => {
              d.setLots(next);
              // Like every field's, the choice's errors clear once it is edited.
              setErrors((e) =>
                Object.fromEntries(
                  Object.entries(e).filter(([k]) => !k.startsWith('lots') && k !== 'non_field_errors'),
                ),
              );
            }}
            errors={errors}
            currency={currency}
          />
        </Suspense>
      )}
      {preview && !preview.violation && (
        <TransactionPreview
          preview={preview}
          type={d.type}
          feeCode={d.feeCode}
          money={(v) => d.moneyIn(v, currency)}
          q={d.q}
        />
      )}
      <div className="flex gap-2 sm:col-span-2 lg:col-span-4">
        <Button type="submit" variant="primary" disabled={busy}>
          {editing ? 'Save transaction' : 'Add transaction'}
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
