import type { Transaction, TransactionCreateBody, TransactionPreviewResponse } from '@app/contracts';
import { type FormEvent, useEffect, useState } from 'react';
import { isApiError } from '@/lib/api/api-error';
import { oversellText, withOversellWritten } from '@/lib/oversell-text';
import { previewTransaction } from '../api/transactions-api';
import type { TransactionDraft } from './use-transaction-draft';

/**
 * The form's checks and its save: while typing, what saving would do to the holding (and an
 * oversell said at the quantity); on submit, the missing fields, or the body handed to `onSubmit`
 * (the page's own save, which keeps it for later when offline) and the server's refusal shown at
 * the fields it names.
 */
export function useTransactionSubmit(
  d: TransactionDraft,
  editing: Transaction | undefined,
  onSubmit: (body: TransactionCreateBody) => Promise<unknown>,
) {
  const { setErrors } = d;
  const [busy, setBusy] = useState(false);
  const [preview, setPreview] = useState<TransactionPreviewResponse | null>(null);
  const candidateKey = JSON.stringify(d.candidate);

  // Validate-and-preview while typing: what saving would do to the holding.
  useEffect(() => {
    const parsed = candidateKey === 'null' ? null : (JSON.parse(candidateKey) as TransactionCreateBody);
    if (!parsed) {
      setPreview(null);
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      previewTransaction({ ...parsed, ...(editing ? { transaction_id: editing.id } : {}) }, controller.signal)
        .then((p) => {
          setPreview(p);
          setErrors((e) => ({ ...e, quantity: p.violation ? [oversellText(p.violation)] : [] }));
        })
        .catch((error: unknown) => {
          setPreview(null);
          if (isApiError(error)) setErrors(error.fieldErrors);
        });
    }, 300);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [candidateKey, editing, setErrors]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const typed = d.body();
    const next = typed && d.type === 'sell' && d.lots !== undefined ? { ...typed, lots: d.lots } : typed;
    if (!next) {
      setErrors({
        ...(d.coinId ? {} : { coin_id: ['Choose a coin'] }),
        ...(d.quantity ? {} : { quantity: ['Quantity must be greater than 0'] }),
        ...(d.feeError ? { fee_currency: [d.feeError] } : {}),
      });
      return;
    }
    setBusy(true);
    try {
      await onSubmit(next);
    } catch (error) {
      if (isApiError(error)) setErrors(withOversellWritten(error.fieldErrors, error.details));
    } finally {
      setBusy(false);
    }
  }

  return { busy, preview, submit };
}
