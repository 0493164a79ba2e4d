import {
  type AccountDeleteBody,
  type AccountDeleted,
  type AccountImportResult,
  type AccountSummary,
  accountRoutes,
} from '@app/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiErrorFromResponse } from '@/lib/api/api-error';
import { apiFetch, apiRequest } from '@/lib/api/client';
import { schemaLoader } from '@/lib/api/lazy-schemas';

const schema = schemaLoader(() => import('./account-data-schemas'));

/** A whole account travels slowly on a poor line; the usual 30 s would cut a large one short. */
const wholeAccountTimeoutMs = 180_000;

export const accountDataKeys = {
  all: ['account-data'] as const,
  summary: ['account-data', 'summary'] as const,
};

export const accountSummaryQuery = () =>
  queryOptions({
    queryKey: accountDataKeys.summary,
    queryFn: ({ signal }): Promise<AccountSummary> =>
      apiRequest(accountRoutes.summary, { schema: schema('accountSummarySchema'), signal }),
  });

const fallbackName = 'exit-liquidity-account.json';

function filenameOf(disposition: string | null): string {
  const match = disposition ? /filename="([^"]+)"/.exec(disposition) : null;
  return match?.[1] ?? fallbackName;
}

/** Hands the file to the browser's downloads, as a link with `download` would. */
function save(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked a moment later: some browsers start the download only after the click's task.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Fetches the export and saves it; answers its name and size for the page to say what was saved. */
export async function downloadAccountExport(): Promise<{ filename: string; bytes: number }> {
  const response = await apiFetch(accountRoutes.export, { timeoutMs: wholeAccountTimeoutMs });
  if (!response.ok) throw await apiErrorFromResponse(response);
  const blob = await response.blob();
  const filename = filenameOf(response.headers.get('content-disposition'));
  save(blob, filename);
  return { filename, bytes: blob.size };
}

export const importAccount = (file: unknown): Promise<AccountImportResult> =>
  apiRequest(accountRoutes.import, {
    method: 'POST',
    body: file,
    schema: schema('accountImportResultSchema'),
    queueOffline: false,
    timeoutMs: wholeAccountTimeoutMs,
  });

export const deleteAccount = (body: AccountDeleteBody): Promise<AccountDeleted> =>
  apiRequest(accountRoutes.deleteAccount, {
    method: 'POST',
    body,
    schema: schema('accountDeletedSchema'),
    queueOffline: false,
    // A refused proof is a 400; a 401 here means the session was already gone, told by the page.
    sessionLossOnAuthError: false,
  });
