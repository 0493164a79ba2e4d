import type { AccountImportResult } from '@app/contracts';
import { countsInWords } from './account-data-words';

/** What an import brought in, what it left out and why, in the words the server gave. */
export function ImportResult({ result }: { result: AccountImportResult }) {
  return (
    <div role="status" className="grid gap-2 text-sm">
      <p className="font-medium">Imported {countsInWords(result.imported)}.</p>
      {result.left_out.length > 0 && (
        <div className="grid gap-1">
          <p>Left out:</p>
          <ul className="list-disc pl-5 text-muted">
            {result.left_out.map((item) => (
              <li key={`${item.kind}:${item.name}`}>
                <span className="text-fg">{item.name}</span>: {item.reason}
              </li>
            ))}
          </ul>
        </div>
      )}
      {result.notes.map((note) => (
        <p key={note} className="text-muted">
          {note}
        </p>
      ))}
    </div>
  );
}
