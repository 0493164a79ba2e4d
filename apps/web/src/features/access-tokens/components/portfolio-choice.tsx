import { useQuery } from '@tanstack/react-query';
import { tokenPortfoliosQuery } from '../api/access-tokens-api';
import { ChoiceGroup } from './choice-group';

export interface PortfolioPick {
  /** Every portfolio, those made later included. */
  all: boolean;
  ids: readonly string[];
}

interface PortfolioChoiceProps {
  value: PortfolioPick;
  errors: readonly string[] | undefined;
  onChange: (next: PortfolioPick) => void;
}

/** "All portfolios", or some of them picked from the user's list. */
export function PortfolioChoice({ value, errors, onChange }: PortfolioChoiceProps) {
  const portfolios = useQuery(tokenPortfoliosQuery());
  const list = portfolios.data?.results ?? [];
  const toggle = (id: string, on: boolean) =>
    onChange({ all: false, ids: on ? [...value.ids, id] : value.ids.filter((x) => x !== id) });
  return (
    <ChoiceGroup legend="Portfolios" errors={errors}>
      <label className="flex items-center gap-2 text-sm">
        <input
          type="radio"
          name="token-portfolios"
          checked={value.all}
          onChange={() => onChange({ ...value, all: true })}
        />
        All portfolios, and any you add later
      </label>
      <label className="flex items-center gap-2 text-sm">
        <input
          type="radio"
          name="token-portfolios"
          checked={!value.all}
          disabled={list.length === 0}
          onChange={() => onChange({ ...value, all: false })}
        />
        Only the ones I pick
      </label>
      {portfolios.isPending && <p className="text-xs text-muted">Loading your portfolios…</p>}
      {portfolios.isError && <p className="text-xs text-danger">Your portfolios could not be loaded.</p>}
      {portfolios.isSuccess && list.length === 0 && (
        <p className="text-xs text-muted">You have no portfolios yet, so a token reaches all of them.</p>
      )}
      {!value.all && (
        <ul aria-label="Portfolios to allow" className="ml-6 flex flex-col gap-1.5 text-sm">
          {list.map((p) => (
            <li key={p.id}>
              <label className="flex items-center gap-2">
                <input
                  type="checkbox"
                  checked={value.ids.includes(p.id)}
                  onChange={(e) => toggle(p.id, e.target.checked)}
                />
                <span className="min-w-0 break-words">{p.name}</span>
              </label>
            </li>
          ))}
        </ul>
      )}
    </ChoiceGroup>
  );
}
