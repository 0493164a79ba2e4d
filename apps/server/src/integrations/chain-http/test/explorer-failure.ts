import { ExplorerError } from '../explorer-error.ts';

/** The ExplorerError a call failed with; anything else (or success) fails the test. */
export async function explorerFailure(promise: Promise<unknown>): Promise<ExplorerError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof ExplorerError)) throw new Error(`expected an ExplorerError, got ${String(error)}`);
  return error;
}
