import type { SaleTaxOut } from '@app/contracts';
import { Table, Td, Th } from '@/components/ui/table';
import { formatCalendarDay } from '@/lib/calendar-day';
import { formatCoins, money } from './format';
import { ukLineText } from './uk-matching';

const categoryWords: Record<string, string> = {
  short: 'short-term',
  long: 'long-term',
  taxable: 'taxable',
  tax_free: 'tax-free',
  gain: 'gain',
};

/** One row per planned sale: the lots it consumes, its gain, tax and net in the lots' currency. */
export function LotTaxSalesTable({
  sales,
  currency,
  uk,
}: {
  sales: readonly SaleTaxOut[];
  currency: string;
  uk: boolean;
}) {
  return (
    <Table
      caption="Tax per planned sale"
      className="mt-3"
      tableClassName="min-w-[640px]"
      head={['Rung', 'Coins', 'Price after impact', 'Lots consumed', 'Gain', 'Tax', 'Net'].map((h) => (
        <Th key={h} density="custom" className="py-1 pr-2">
          {h}
        </Th>
      ))}
    >
      {sales.map((s, i) => (
        <tr key={s.id} className="border-t border-line align-top">
          <Td density="custom" className="py-1 pr-2">
            {i + 1}
          </Td>
          <Td density="custom" className="py-1 pr-2">
            {formatCoins(s.coins_sold)}
          </Td>
          <Td density="custom" className="py-1 pr-2">
            {money(s.effective_price, currency)}
          </Td>
          <Td density="custom" className="py-1 pr-2">
            <ul>
              {s.lots.map((l) => (
                <li key={`${l.acquisition_id ?? 'pool'}-${l.acquired_on}-${l.quantity}`}>
                  {uk ? (
                    ukLineText(l, s.sale_date)
                  ) : (
                    <>
                      {formatCoins(l.quantity)} from{' '}
                      {l.acquired_on === null ? 'the pool' : formatCalendarDay(l.acquired_on)} (
                      {categoryWords[l.category]}
                      {l.qualifies_on && l.category !== 'long' && l.category !== 'tax_free'
                        ? `, qualifies ${formatCalendarDay(l.qualifies_on)}`
                        : ''}
                      )
                    </>
                  )}
                </li>
              ))}
            </ul>
          </Td>
          <Td density="custom" className="py-1 pr-2">
            {money(s.gain, currency)}
          </Td>
          <Td density="custom" className="py-1 pr-2">
            {money(s.tax, currency)}
            {s.exempt_used != null && s.exempt_used !== '0' && (
              <span className="block text-xs text-muted">
                {s.tax_year} allowance used {money(s.exempt_used, currency)}
              </span>
            )}
          </Td>
          <Td density="custom" className="py-1 pr-2">
            {money(s.net, currency)}
          </Td>
        </tr>
      ))}
    </Table>
  );
}
