import { type LotChoiceLine, lotChoiceMessages, type SaleLot } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { controlClass } from '@/components/ui/field';
import { Private } from '@/components/ui/private-value';
import { formatCalendarDay } from '@/lib/calendar-day';
import { formatCoinQuantity } from '@/lib/quantity';
import { useMoneyIn } from '@/lib/settings';
import { saleLotsQuery } from '../api/sale-lots-api';
import { plain, units } from './lot-choice-sums';

export interface LotChoiceSectionProps {
  portfolioId: string;
  coinId: string;
  /** The sale's date and time (ISO 8601). */
  date: string;
  /** The sale's quantity as typed (normalised). */
  quantity: string;
  /** The sale being edited. */
  transactionId?: string | undefined;
  /** The choice to send: undefined until the person touches it (an edit then keeps the stored one). */
  value: readonly LotChoiceLine[] | null | undefined;
  onChange: (next: LotChoiceLine[] | null) => void;
  /** The form's field errors; this section shows `lots`, `lots.N.…` and the form-wide ones. */
  errors: Readonly<Record<string, readonly string[]>>;
  currency: string;
}

/** A long history has thousands of lots: the first ones show, the rest on request. */
const firstLots = 50;

const fromLines = (lines: readonly LotChoiceLine[]) =>
  Object.fromEntries(lines.map((l) => [l.acquisition_id, l.quantity]));

/**
 * "Choose lots" on a sale's form (US rule): the lots the portfolio holds just before the sale,
 * with what is left of each, its cost per coin and its term, and a quantity to take from each.
 * The quantities must add up to the sale; the server checks the choice again when it is saved and
 * its errors show beside the lot they are about.
 */
export function LotChoiceSection(props: LotChoiceSectionProps) {
  const { value, onChange, errors, quantity, currency } = props;
  const query = useQuery(saleLotsQuery(props));
  const moneyIn = useMoneyIn();
  const [all, setAll] = useState(false);
  const data = query.data;
  const stored = data?.chosen ?? null;
  const typed = value !== undefined ? fromLines(value ?? []) : stored ? fromLines(stored) : {};
  const choosing = value !== undefined ? value !== null : stored !== null;

  if (query.isPending) return null;
  if (!data) {
    return (
      <p role="alert" className="text-sm text-danger sm:col-span-2 lg:col-span-4">
        Could not load the lots of this sale. Please try again.
      </p>
    );
  }
  if (!data.applies) {
    return stored ? <p className="text-sm text-muted sm:col-span-2 lg:col-span-4">{data.note}</p> : null;
  }

  const listed = new Set(data.lots.map((l) => l.acquisition_id));
  // Named lots no longer held at this time stay in the choice, so saving says what is wrong with them.
  const unlisted = Object.keys(typed).filter((id) => !listed.has(id));
  const send = (next: Record<string, string>) => {
    const lines: LotChoiceLine[] = [];
    for (const id of [...data.lots.map((l) => l.acquisition_id), ...unlisted]) {
      const q = (next[id] ?? '').trim().replace(/[,\s]/g, '');
      if (q !== '') lines.push({ acquisition_id: id, quantity: q });
    }
    onChange(lines);
  };
  // Errors from the server are about the lines sent: line N is the Nth lot of `value`.
  const sentOrder = (value ?? stored ?? []).map((l) => l.acquisition_id);
  const lotErrors = (id: string): string[] => {
    const i = sentOrder.indexOf(id);
    return i < 0
      ? []
      : [...(errors[`lots.${i}.acquisition_id`] ?? []), ...(errors[`lots.${i}.quantity`] ?? [])];
  };
  let sum = 0n;
  let readable = true;
  for (const q of Object.values(typed)) {
    const u = units(q);
    if (u === null) readable = false;
    else sum += u;
  }
  const wanted = units(quantity);
  const totalError =
    choosing && readable && wanted !== null && sum !== wanted
      ? lotChoiceMessages.total(plain(sum), quantity)
      : null;
  const shownLots = all ? data.lots : data.lots.slice(0, firstLots);

  const row = (lot: SaleLot) => {
    const left = units(lot.quantity) ?? 0n;
    const asked = units(typed[lot.acquisition_id] ?? '');
    const local = asked !== null && asked > left ? [lotChoiceMessages.used(lot.quantity)] : [];
    const messages = [...new Set([...local, ...lotErrors(lot.acquisition_id)])];
    const label = `Quantity from the lot of ${formatCalendarDay(lot.acquired_on)} (${formatCoinQuantity(lot.quantity)} left)`;
    return (
      <tr key={lot.acquisition_id} className="border-t border-line align-top">
        <td className="px-2 py-1">{formatCalendarDay(lot.acquired_on)}</td>
        <td className="px-2 py-1 text-right tabular-nums">
          <Private>{formatCoinQuantity(lot.quantity)}</Private>
        </td>
        <td className="px-2 py-1 text-right tabular-nums">
          <Private>{moneyIn(lot.unit_cost, currency)}</Private>
        </td>
        <td className="px-2 py-1">{lot.category_label}</td>
        <td className="px-2 py-1">
          <input
            aria-label={label}
            inputMode="decimal"
            autoComplete="off"
            value={typed[lot.acquisition_id] ?? ''}
            aria-invalid={messages.length > 0 || undefined}
            aria-describedby={messages.length > 0 ? `lot-${lot.acquisition_id}-errors` : undefined}
            onChange={(e) => send({ ...typed, [lot.acquisition_id]: e.target.value })}
            className={`${controlClass(messages.length > 0)} w-32`}
          />
          {messages.length > 0 && (
            <ul id={`lot-${lot.acquisition_id}-errors`} className="text-xs text-danger">
              {messages.map((m) => (
                <li key={m}>{m}</li>
              ))}
            </ul>
          )}
        </td>
      </tr>
    );
  };

  const formErrors = [...(errors.lots ?? []), ...(errors.non_field_errors ?? [])];
  return (
    <fieldset className="min-w-0 rounded-lg border border-line p-3 text-sm sm:col-span-2 lg:col-span-4">
      <legend className="px-1 font-medium">Choose lots</legend>
      <label className="flex items-center gap-2">
        <input
          type="checkbox"
          checked={choosing}
          onChange={(e) => (e.target.checked ? send(typed) : onChange(null))}
        />
        Name the lots this sale sells (specific identification)
      </label>
      <p className="mt-1 text-xs text-muted">
        Without a choice the sale is matched by {data.method_label}. Lots held on{' '}
        {formatCalendarDay(data.sold_on)}, before this sale.
      </p>
      {choosing && (
        <>
          {data.lots.length === 0 ? (
            <p className="mt-2 text-muted">No lots of this coin are held here at that time.</p>
          ) : (
            <div className="mt-2 overflow-x-auto">
              <table className="min-w-[560px] text-left">
                <caption className="sr-only">Lots held before the sale</caption>
                <thead>
                  <tr className="text-xs text-muted">
                    <th className="px-2 py-1 font-normal">Acquired</th>
                    <th className="px-2 py-1 text-right font-normal">Left</th>
                    <th className="px-2 py-1 text-right font-normal">Cost per coin</th>
                    <th className="px-2 py-1 font-normal">Term</th>
                    <th className="px-2 py-1 font-normal">Sell from it</th>
                  </tr>
                </thead>
                <tbody>{shownLots.map(row)}</tbody>
              </table>
            </div>
          )}
          {data.lots.length > shownLots.length && (
            <Button variant="unstyled" className="mt-1 text-xs underline" onClick={() => setAll(true)}>
              Show all {data.lots.length} lots
            </Button>
          )}
          {unlisted.map((id) => (
            <p key={id} className="mt-1 text-xs text-danger">
              A lot named before is not held here at that time: {lotErrors(id).join(' ') || id}
            </p>
          ))}
          <p className="mt-2 text-xs text-muted" aria-live="polite">
            Chosen <Private>{readable ? formatCoinQuantity(plain(sum)) : '–'}</Private> of{' '}
            <Private>{quantity === '' ? '–' : formatCoinQuantity(quantity)}</Private>
          </p>
        </>
      )}
      {(totalError !== null || formErrors.length > 0) && (
        <ul role="alert" className="mt-1 text-xs text-danger">
          {[...new Set([...(totalError === null ? [] : [totalError]), ...formErrors])].map((m) => (
            <li key={m}>{m}</li>
          ))}
        </ul>
      )}
    </fieldset>
  );
}
