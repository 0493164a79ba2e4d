import {
  generateLadder,
  type LadderErrors,
  type LadderParams,
  type LadderWeighting,
  type SellRow,
  validateLadder,
} from '@app/core';
import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { TextField } from '@/components/ui/text-field';

interface LadderFormProps {
  tokensOwned: string;
  sellTax: string;
  existing: SellRow[];
  onGenerate: (rows: SellRow[]) => void;
}

const weightings: { value: LadderWeighting; label: string }[] = [
  { value: 'equal', label: 'Equal' },
  { value: 'front', label: 'Front-loaded' },
  { value: 'back', label: 'Back-loaded' },
];

const list = (message: string | undefined) => (message === undefined ? undefined : [message]);

/** Fills the sell table from a price ladder; the rows replace the current ones (still unsaved). */
export function LadderForm({ tokensOwned, sellTax, existing, onGenerate }: LadderFormProps) {
  const [startPrice, setStart] = useState('');
  const [endPrice, setEnd] = useState('');
  const [rungs, setRungs] = useState('3');
  const [share, setShare] = useState('100');
  const [weighting, setWeighting] = useState<LadderWeighting>('equal');
  const [errors, setErrors] = useState<LadderErrors>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const params: LadderParams = {
      startPrice,
      endPrice,
      rungs: rungs.trim() === '' ? Number.NaN : Number(rungs),
      weighting,
      shareOfHoldings: share,
      tokensOwned,
      sellTax,
    };
    const found = validateLadder(params);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    onGenerate(generateLadder(params, existing));
  };

  return (
    <form
      noValidate
      onSubmit={submit}
      aria-label="Ladder generator"
      className="grid gap-3 rounded-xl border border-line bg-surface p-4 sm:grid-cols-3 lg:grid-cols-6 lg:items-start"
    >
      <TextField
        label="Start price"
        inputMode="decimal"
        value={startPrice}
        onChange={(e) => {
          setStart(e.target.value);
          setErrors(({ startPrice: _s, ...rest }) => rest);
        }}
        errors={list(errors.startPrice)}
      />
      <TextField
        label="End price"
        inputMode="decimal"
        value={endPrice}
        onChange={(e) => {
          setEnd(e.target.value);
          setErrors(({ endPrice: _e, ...rest }) => rest);
        }}
        errors={list(errors.endPrice)}
      />
      <TextField
        label="Rungs"
        inputMode="numeric"
        value={rungs}
        onChange={(e) => {
          setRungs(e.target.value);
          setErrors(({ rungs: _r, ...rest }) => rest);
        }}
        errors={list(errors.rungs)}
      />
      <TextField
        label="Share of coins owned (%)"
        inputMode="decimal"
        value={share}
        onChange={(e) => {
          setShare(e.target.value);
          setErrors(({ shareOfHoldings: _h, ...rest }) => rest);
        }}
        errors={list(errors.shareOfHoldings)}
      />
      <Field label="Weighting">
        {(control) => (
          <select
            {...control}
            value={weighting}
            onChange={(e) => setWeighting(e.target.value as LadderWeighting)}
            className="rounded-lg border border-line bg-bg px-3 py-2 text-sm"
          >
            {weightings.map((w) => (
              <option key={w.value} value={w.value}>
                {w.label}
              </option>
            ))}
          </select>
        )}
      </Field>
      <div className="flex flex-col gap-1.5">
        <span aria-hidden="true" className="hidden text-sm lg:block">
          &nbsp;
        </span>
        <Button type="submit" variant="secondary">
          Generate ladder
        </Button>
        {errors.tokensOwned !== undefined && <p className="text-xs text-danger">{errors.tokensOwned}</p>}
      </div>
    </form>
  );
}
