import type { AccountImportResult } from '@app/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { isApiError } from '@/lib/api/api-error';
import { accountSummaryQuery, downloadAccountExport, importAccount } from '../api/account-data-api';
import { countsInWords, sizeInWords } from './account-data-words';
import { ImportResult } from './import-result';
import { SettingsSection } from './settings-section';

/** What the file leaves out, said before anyone downloads it. */
const leftOutNote =
  'The file holds no password, sign-in, access token, webhook URL or token, and no wallet or exchange key.';

/** The server's words, and the first places in the file it names (a refused import says where). */
function problemOf(error: unknown): { message: string; places: string[] } {
  if (!isApiError(error)) return { message: 'The request failed. Please try again.', places: [] };
  const places = Object.entries(error.fieldErrors)
    .slice(0, 5)
    .map(([path, messages]) => `${path}: ${messages.join(' ')}`);
  return { message: error.message, places: places.filter((p) => !p.endsWith(error.message)) };
}

function DownloadPart() {
  const download = useMutation({ mutationFn: downloadAccountExport, meta: { silent: true } });
  return (
    <div className="grid gap-3">
      <p className="text-sm text-muted">
        Everything of this account as one JSON file: portfolios, transactions, projections, alerts,
        watchlists, settings and tax choices. {leftOutNote}
      </p>
      <div>
        <Button variant="secondary" onClick={() => download.mutate()} disabled={download.isPending}>
          {download.isPending ? 'Preparing the file…' : 'Download all my data'}
        </Button>
      </div>
      {download.isSuccess && (
        <p role="status" className="text-sm">
          Saved {download.data.filename} ({sizeInWords(download.data.bytes)}).
        </p>
      )}
      {download.isError && (
        <p role="alert" className="text-sm text-danger">
          {problemOf(download.error).message}
        </p>
      )}
    </div>
  );
}

function ImportForm({
  maxBytes,
  onImported,
}: {
  maxBytes: number;
  onImported: (result: AccountImportResult) => void;
}) {
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [localProblem, setLocalProblem] = useState<string | null>(null);
  const upload = useMutation({
    mutationFn: importAccount,
    meta: { silent: true },
    onSuccess: (result) => {
      onImported(result);
      // Every page's data changed at once: whatever was cached is stale now.
      return queryClient.invalidateQueries();
    },
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setLocalProblem(null);
    if (!file) {
      setLocalProblem('Choose a file made with "Download all my data".');
      return;
    }
    if (file.size > maxBytes) {
      setLocalProblem(
        `This file is ${sizeInWords(file.size)}; an import takes at most ${sizeInWords(maxBytes)}. Nothing was imported.`,
      );
      return;
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(await file.text());
    } catch {
      setLocalProblem('This file is not JSON, or it was cut short. Nothing was imported.');
      return;
    }
    upload.mutate(parsed);
  };

  const problem = localProblem ?? (upload.isError ? problemOf(upload.error).message : null);
  const places = upload.isError && localProblem === null ? problemOf(upload.error).places : [];
  return (
    <form onSubmit={(event) => void submit(event)} className="grid gap-3" noValidate>
      <p className="text-sm text-muted">
        This account is empty, so a file exported from this or another server can fill it. Everything in the
        file is imported at once or not at all. At most {sizeInWords(maxBytes)}.
      </p>
      <Field label="Account file">
        {(control) => (
          <input
            {...control}
            type="file"
            accept="application/json,.json"
            onChange={(event) => {
              setFile(event.target.files?.[0] ?? null);
              setLocalProblem(null);
              upload.reset();
            }}
            className="text-sm"
          />
        )}
      </Field>
      <div>
        <Button type="submit" variant="primary" disabled={upload.isPending}>
          {upload.isPending ? 'Importing…' : 'Import into this account'}
        </Button>
      </div>
      {problem !== null && (
        <div role="alert" className="grid gap-1 text-sm text-danger">
          <p>{problem}</p>
          {places.length > 0 && (
            <ul className="list-disc pl-5 text-muted">
              {places.map((place) => (
                <li key={place}>{place}</li>
              ))}
            </ul>
          )}
        </div>
      )}
    </form>
  );
}

function ImportPart() {
  const summary = useQuery({ ...accountSummaryQuery(), meta: { silent: true } });
  // Kept here: once imported the account is no longer empty, and the form gives way to the result.
  const [result, setResult] = useState<AccountImportResult | null>(null);
  if (result !== null) return <ImportResult result={result} />;
  if (summary.isPending) return <p className="text-sm text-muted">Checking what this account holds…</p>;
  if (summary.isError) {
    return (
      <p role="alert" className="text-sm text-danger">
        {problemOf(summary.error).message}
      </p>
    );
  }
  if (!summary.data.is_empty) {
    return (
      <p className="text-sm text-muted">
        Importing is offered for an empty account only, so nothing is mixed or replaced. This one holds{' '}
        {countsInWords(summary.data.counts)}.
      </p>
    );
  }
  return <ImportForm maxBytes={summary.data.import_max_bytes} onImported={setResult} />;
}

/** Settings → Profile: the whole account to a file, and a file into an empty account. */
export function AccountDataSection() {
  return (
    <SettingsSection title="Your data">
      <div className="grid gap-6">
        <DownloadPart />
        <section aria-label="Import" className="grid gap-3 border-t border-line pt-5">
          <h3 className="text-sm font-semibold">Import into this account</h3>
          <ImportPart />
        </section>
      </div>
    </SettingsSection>
  );
}
