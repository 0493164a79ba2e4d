import { TEMPLATE_EXAMPLE } from '@app/core';
import { Button } from '@/components/ui/button';
import { CoinChooser } from './coin-chooser';
import { countOf } from './count-words';
import { importFormatName } from './import-format-name';
import { ImportPreviewTable } from './import-preview-table';
import { OpeningBalances } from './opening-balances';
import { useCsvImport } from './use-csv-import';

/** Stated on the page, so a large file is not refused by surprise: the server's parser limit. */
const limitText =
  'CSV files up to 5,000,000 characters and 20,000 rows: our template, or a Coinbase, Binance or Kraken export.';

export function ImportPanel({
  portfolioId,
  portfolioName,
  currency,
  onDone,
  onClose,
}: {
  portfolioId: string;
  portfolioName: string;
  /** The portfolio's currency: opening balances are priced in it. */
  currency: string;
  onDone: (created: number) => void;
  onClose: () => void;
}) {
  const session = useCsvImport(portfolioId, onDone);
  const { preview, stage, large, failure, total, openingsWithoutPrice } = session;

  return (
    <section
      aria-label={`Import CSV into ${portfolioName}`}
      className="mt-4 rounded-xl border border-line bg-surface-2 p-3 sm:p-4"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="font-semibold">Import CSV into {portfolioName}</h3>
        <Button variant="ghost" onClick={onClose}>
          Close import
        </Button>
      </div>
      <p className="mt-1 text-xs text-muted">
        {limitText} Nothing is written until you confirm; all rows are written or none.{' '}
        <a
          className="text-accent underline"
          href={`data:text/csv;charset=utf-8,${encodeURIComponent(TEMPLATE_EXAMPLE)}`}
          download="exit-liquidity-template.csv"
        >
          Download our CSV template
        </a>{' '}
        (date, type, coin, quantity, price_per_coin, fee, note; one example row of each kind).
      </p>
      <label className="mt-3 block text-sm font-medium">
        CSV file
        <input
          type="file"
          accept=".csv,text/csv"
          className="mt-1 block w-full text-sm"
          onChange={(e) => {
            const file = e.target.files?.[0];
            if (file) void session.choose(file);
          }}
        />
      </label>
      {stage && (large || stage.value >= 75) && (
        <div className="mt-3">
          <label className="text-xs text-muted">
            {stage.label}
            <progress className="mt-1 block h-2 w-full accent-accent" max={100} value={stage.value} />
          </label>
        </div>
      )}
      {stage && !large && stage.value < 75 && (
        <p role="status" className="mt-3 text-sm text-muted">
          {stage.label}…
        </p>
      )}
      {failure.length > 0 && (
        <ul role="alert" className="mt-3 list-disc pl-5 text-sm text-danger">
          {failure.map((f) => (
            <li key={f}>{f}</li>
          ))}
        </ul>
      )}
      {preview && (
        <div className="mt-3">
          <p className="text-sm">
            {preview.format ? `Detected ${importFormatName(preview.format)}. ` : ''}
            {countOf(preview.rows.length, 'row')}, {countOf(preview.errors.length, 'error')},{' '}
            {countOf(preview.duplicate_lines.length, 'likely duplicate')},{' '}
            {countOf(preview.skipped.length, 'skipped line')}.
          </p>
          <CoinChooser
            groups={session.groups}
            choices={session.choices}
            busy={stage !== null}
            onChoose={(symbol, coin) => void session.chooseCoin(symbol, coin)}
          />
          {preview.errors.length > 0 && (
            <ul aria-label="Row errors" className="mt-2 max-h-40 overflow-auto text-sm text-danger">
              {preview.errors.map((e) => (
                <li key={`${e.line}-${e.field}-${e.message}`}>
                  {e.line > 0 ? `Line ${e.line}: ` : ''}
                  {e.message}
                </li>
              ))}
            </ul>
          )}
          {preview.skipped.length > 0 && (
            <details className="mt-2 text-sm">
              <summary className="cursor-pointer text-muted">
                {countOf(preview.skipped.length, 'skipped line')}: why each was left out
              </summary>
              <ul aria-label="Skipped lines" className="mt-1 max-h-40 overflow-auto pl-4 text-muted">
                {preview.skipped.map((s) => (
                  <li key={`${s.line}-${s.reason}`}>
                    Line {s.line}: {s.reason}
                  </li>
                ))}
              </ul>
            </details>
          )}
          <OpeningBalances
            openings={preview.opening_balances}
            currency={currency}
            included={session.openingIncluded}
            prices={session.openingPrices}
            onToggle={session.toggleOpening}
            onPrice={session.setOpeningPrice}
          />
          <ImportPreviewTable
            errors={preview.errors}
            rows={preview.rows}
            duplicates={new Set(preview.duplicate_lines)}
            excluded={session.excluded}
            selectable={session.selectable}
            onToggle={session.toggleRow}
          />
          {openingsWithoutPrice.length > 0 && (
            <p className="mt-3 text-sm text-warning">
              Enter a price for the opening balance of {openingsWithoutPrice.join(', ')}, or leave it out.
            </p>
          )}
          <Button
            variant="primary"
            className="mt-3"
            disabled={total === 0 || openingsWithoutPrice.length > 0 || stage !== null}
            onClick={() => void session.commit()}
          >
            Import {countOf(total, 'transaction')}
          </Button>
        </div>
      )}
    </section>
  );
}
