import { useQuery } from '@tanstack/react-query';
import { taxHistoryQuery, useTaxHistoryChange } from '@/lib/tax/tax-api';
import { TaxChangeForm } from './tax-change-form';
import { TaxHistoryEntries } from './tax-history-entries';

/**
 * The cost-basis method and the tax rule by tax year (GET/POST /api/v2/tax/history/): the
 * current settings above are the latest entry; an earlier year's change rewrites those years'
 * reports, so it asks first.
 */
export function TaxHistorySection() {
  const { data } = useQuery(taxHistoryQuery());
  const { add, remove } = useTaxHistoryChange();
  const latest = data?.entries.at(-1);
  return (
    <section
      aria-labelledby="tax-history-heading"
      className="mt-6 rounded-xl border border-line bg-surface p-5"
    >
      <h2 id="tax-history-heading" className="font-semibold">
        Method and rule by tax year
      </h2>
      <p className="mt-1 text-sm text-muted">
        From a tax year on, the tax reports can use another cost-basis method or tax rule; earlier years keep
        theirs, and the lots they left carry over. The settings above are the latest entry. Portfolio and
        dashboard figures (cost basis, average cost, realized P&L) always use the current method.
      </p>
      <TaxHistoryEntries history={data} remove={remove} />
      {data && latest && <TaxChangeForm history={data} latest={latest} add={add} />}
      <p className="mt-2 text-xs text-muted">
        The rates of a new entry are the current ones; change them above once it applies. A change between the
        UK or German rule and another is made for every year, in Tax rule above.
      </p>
    </section>
  );
}
