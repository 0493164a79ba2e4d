import { type FieldErrors, type RewardKind, rewardKinds, type Transaction } from '@app/contracts';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { controlClass, Field } from '@/components/ui/field';
import { TextField } from '@/components/ui/text-field';
import { toast } from '@/lib/toast';
import { transactionClassifyBodySchema } from '../api/form-schemas';
import { useClassifyTransaction } from '../api/use-connection-mutations';
import { type ClassifyChoice, classifyChoices, rewardKindLabels } from './classify-choices';
import { fieldErrorsFromIssues, otherErrors, serverFieldErrors } from './field-errors';
import { TransferMatch } from './transfer-match';

/**
 * "2,000.50" → "2000.50": commas and spaces (with the no-break ones some locales group with) go,
 * as in the app's other amount fields. Written out here because sharing core's one-line helper
 * with the transaction form would move it into the parts every page loads.
 */
const withoutGrouping = (text: string) => text.replace(/[,\s\u00a0\u202f]/g, '');

/** Says what a received or sent row was: its cost, income, a sale, a spend, or one half of an own transfer. */
export function ClassifyForm({
  transaction,
  direction,
  currency,
  portfolioNames,
}: {
  transaction: Transaction;
  direction: 'received' | 'sent';
  currency: string;
  portfolioNames: ReadonlyMap<string, string>;
}) {
  const name = useId();
  const [choice, setChoice] = useState<ClassifyChoice | null>(null);
  const [price, setPrice] = useState('');
  const [rewardKind, setRewardKind] = useState<RewardKind>('airdrop');
  const [match, setMatch] = useState<string | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const classify = useClassifyTransaction();

  const body = (): Record<string, unknown> => {
    if (choice === 'cost_given' || choice === 'sale')
      return { as: choice, price_per_coin: withoutGrouping(price) };
    if (choice === 'income') return { as: choice, reward_kind: rewardKind };
    if (choice === 'own_transfer') return { as: choice, transaction_id: match ?? '' };
    return { as: choice };
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (choice === null) {
      setErrors({ as: ['Choose what it was.'] });
      return;
    }
    if (choice === 'own_transfer' && match === null) {
      setErrors({ transaction_id: ['Choose the transfer it matches.'] });
      return;
    }
    const parsed = transactionClassifyBodySchema.safeParse(body());
    if (!parsed.success) {
      setErrors(fieldErrorsFromIssues(parsed.error.issues));
      return;
    }
    setErrors({});
    classify.mutate(
      { id: transaction.id, body: parsed.data },
      {
        onSuccess: () => toast.success('Saved'),
        onError: (error) => {
          const fields = serverFieldErrors(error);
          setErrors(Object.keys(fields).length > 0 ? fields : { form: [(error as Error).message] });
        },
      },
    );
  };

  const rest = otherErrors(errors, ['price_per_coin', 'transaction_id']);
  const cur = currency.toUpperCase();
  return (
    <form noValidate onSubmit={submit} className="grid gap-3">
      <fieldset>
        <legend className="mb-1.5 text-sm font-medium">What was it?</legend>
        <div className="grid gap-1.5 sm:grid-cols-2">
          {classifyChoices[direction].map((c) => (
            <label
              key={c.value}
              className="flex cursor-pointer items-center gap-2 rounded-lg border border-line px-3 py-2 text-sm has-[:checked]:border-accent has-[:checked]:bg-surface-2"
            >
              <input
                type="radio"
                name={name}
                value={c.value}
                checked={choice === c.value}
                onChange={() => {
                  setChoice(c.value);
                  setErrors({});
                }}
              />
              {c.label}
            </label>
          ))}
        </div>
      </fieldset>
      {(choice === 'cost_given' || choice === 'sale') && (
        <TextField
          label={`${choice === 'sale' ? 'Sale price' : 'Cost'} per coin (${cur})`}
          className="max-w-xs"
          inputMode="decimal"
          autoComplete="off"
          value={price}
          errors={errors.price_per_coin}
          onChange={(e) => setPrice(e.target.value)}
        />
      )}
      {choice === 'income' && (
        <Field label="Kind of income">
          {(control) => (
            <select
              {...control}
              value={rewardKind}
              className={controlClass(undefined)}
              onChange={(e) => setRewardKind(e.target.value as RewardKind)}
            >
              {rewardKinds.map((k) => (
                <option key={k} value={k}>
                  {rewardKindLabels[k]}
                </option>
              ))}
            </select>
          )}
        </Field>
      )}
      {choice === 'own_transfer' && (
        <TransferMatch
          transaction={transaction}
          direction={direction}
          portfolioNames={portfolioNames}
          chosen={match}
          errors={errors.transaction_id}
          onChoose={setMatch}
        />
      )}
      {rest.length > 0 && (
        <p role="alert" className="text-sm text-danger">
          {rest.join(' ')}
        </p>
      )}
      <div>
        <Button type="submit" variant="primary" disabled={classify.isPending}>
          {classify.isPending ? 'Saving…' : 'Save'}
        </Button>
      </div>
    </form>
  );
}
