import { type CostBasisMethod, costBasisMethodLabels, costBasisMethods } from '@app/contracts';
import { useState } from 'react';
import { useUpdateSettings, useUserSettings } from '@/lib/settings';

const explanations: Record<CostBasisMethod, string> = {
  average: 'Every unit costs the running average of what you paid.',
  fifo: 'Sells take the oldest units first.',
  lifo: 'Sells take the newest units first.',
  hifo: 'Sells take the most expensive units first.',
};

/** The cost-basis method every portfolio figure follows (GET/PATCH /api/v2/settings/). */
export function CostBasisMethodSection() {
  const { data } = useUserSettings();
  const update = useUpdateSettings();
  // The choice shows in the same render as the click (the save's optimistic copy reaches React only
  // on a later task) and stays until its own save settles: a later choice, saved after it, keeps
  // showing. useUpdateSettings saves one at a time and refreshes every figure that follows the method.
  const [chosen, setChosen] = useState<CostBasisMethod | null>(null);
  const choose = (method: CostBasisMethod) => {
    setChosen(method);
    update.mutate(
      { cost_basis_method: method },
      { onSettled: () => setChosen((c) => (c === method ? null : c)) },
    );
  };
  const current = chosen ?? data?.cost_basis_method ?? 'average';
  return (
    <section
      aria-labelledby="cost-basis-heading"
      className="mt-6 rounded-xl border border-line bg-surface p-5"
    >
      <h2 id="cost-basis-heading" className="font-semibold">
        Cost-basis method
      </h2>
      <p className="mt-1 text-sm text-muted">
        Decides which units a sell takes, and so your cost basis, capital invested and realized P&L
        everywhere.
      </p>
      <p className="mt-1 text-xs text-muted">
        Portfolio and dashboard figures use this method for every year. Tax reports can use another for
        earlier years: see Method and rule by tax year below.
      </p>
      <fieldset className="mt-3 grid gap-2 sm:grid-cols-2">
        <legend className="sr-only">Cost-basis method</legend>
        {costBasisMethods.map((m) => (
          <label
            key={m}
            className="flex cursor-pointer items-start gap-2 rounded-lg border border-line p-3 has-[:checked]:border-accent"
          >
            <input
              type="radio"
              name="cost-basis-method"
              value={m}
              checked={current === m}
              disabled={!data}
              onChange={() => choose(m)}
              className="mt-1"
            />
            <span>
              <span className="block text-sm font-medium">{costBasisMethodLabels[m]}</span>
              <span className="block text-xs text-muted">{explanations[m]}</span>
            </span>
          </label>
        ))}
      </fieldset>
    </section>
  );
}
