import { TextField } from '@/components/ui/text-field';
import { FeeCurrencyField } from './fee-currency-field';
import type { TransactionDraft } from './use-transaction-draft';

/**
 * The fee and what it was paid in. Its label names the currency once one is known; a fee paid
 * in another coin can also be recorded as that coin's sale, on a new transaction only.
 */
export function TransactionFeeFields({ d, editing }: { d: TransactionDraft; editing: boolean }) {
  const { feeCode, feeState, currency, setErrors } = d;
  return (
    <>
      <TextField
        label={
          feeCode || feeState.choice === 'portfolio' ? `Fee (${(feeCode ?? currency).toUpperCase()})` : 'Fee'
        }
        inputMode="decimal"
        value={d.fee}
        errors={d.errors.fee}
        onChange={(e) => d.setFee(e.target.value)}
      />
      <FeeCurrencyField
        state={feeState}
        onChange={(next) => {
          d.setFeeState(next);
          setErrors((e) => ({ ...e, fee_currency: [] }));
        }}
        currency={currency}
        coin={d.coin}
        top={d.top}
        errors={d.errors.fee_currency}
        sale={
          editing
            ? undefined
            : {
                checked: d.recordFeeSale,
                onChange: (checked) => {
                  d.setRecordFeeSale(checked);
                  setErrors((e) => ({ ...e, record_fee_sale: [] }));
                },
                errors: d.errors.record_fee_sale,
              }
        }
      />
    </>
  );
}
