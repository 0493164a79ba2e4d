import { type PortfolioCreateBody, type PortfolioCurrency, portfolioCurrencies } from '@app/contracts';
import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { TextField } from '@/components/ui/text-field';
import { isApiError } from '@/lib/api/api-error';
import { currencyLabel } from '@/lib/settings';

interface PortfolioFormProps {
  initial?: { name: string; description: string; currency: PortfolioCurrency };
  submitLabel: string;
  onSubmit: (body: PortfolioCreateBody) => Promise<unknown>;
  onCancel: () => void;
}

export function PortfolioForm({ initial, submitLabel, onSubmit, onCancel }: PortfolioFormProps) {
  const [name, setName] = useState(initial?.name ?? '');
  const [description, setDescription] = useState(initial?.description ?? '');
  const [currency, setCurrency] = useState<PortfolioCurrency | ''>(initial?.currency ?? '');
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!name.trim()) {
      setErrors({ name: ['Please enter a name'] });
      return;
    }
    setBusy(true);
    try {
      await onSubmit({
        name: name.trim(),
        description,
        portfolio_type: 'manual',
        ...(currency ? { currency } : {}),
      });
    } catch (error) {
      if (isApiError(error)) setErrors(error.fieldErrors);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      onSubmit={submit}
      className="grid gap-3 rounded-xl border border-line bg-surface p-4 sm:grid-cols-3"
    >
      <TextField label="Name" value={name} errors={errors.name} onChange={(e) => setName(e.target.value)} />
      <TextField
        label="Description"
        value={description}
        errors={errors.description}
        onChange={(e) => setDescription(e.target.value)}
      />
      <Field label="Currency of prices">
        {(control) => (
          <select
            {...control}
            value={currency}
            onChange={(e) => setCurrency(e.target.value as PortfolioCurrency | '')}
            className="rounded-lg border border-line bg-bg px-3 py-2 text-sm"
          >
            {!initial && <option value="">Base currency (default)</option>}
            {portfolioCurrencies.map((c) => (
              <option key={c} value={c}>
                {currencyLabel(c)}
              </option>
            ))}
          </select>
        )}
      </Field>
      <div className="flex gap-2 sm:col-span-3">
        <Button type="submit" variant="primary" disabled={busy}>
          {submitLabel}
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
