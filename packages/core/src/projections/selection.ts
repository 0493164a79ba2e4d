import {
  allProjectionsId,
  draftIdPrefix,
  projectionLabels,
  projectionMessages,
  type TransactionSortMode,
  transactionSortModes,
} from '@app/contracts';

export type SelectionKind = 'real' | 'all' | 'empty' | 'draft';

/** Projection selection: what the current projection id means. */
export function classifySelection(id: string | null | undefined): SelectionKind {
  if (id === null || id === undefined || id.trim() === '') return 'empty';
  if (id === allProjectionsId) return 'all';
  if (isDraftId(id)) return 'draft';
  return 'real';
}

export function isDraftId(id: string | null | undefined): boolean {
  return typeof id === 'string' && id.startsWith(draftIdPrefix);
}

/** A new draft id. The suffix only has to be unique on this device. */
export function newDraftId(now: number = Date.now()): string {
  return `${draftIdPrefix}${now.toString(36)}`;
}

/** The sort mode accepts only 'order' or 'projection'. */
export function isTransactionSortMode(value: unknown): value is TransactionSortMode {
  return typeof value === 'string' && (transactionSortModes as readonly string[]).includes(value);
}

/** Anything else (say, from an old persisted state) falls back to 'order'. */
export function toTransactionSortMode(value: unknown): TransactionSortMode {
  return isTransactionSortMode(value) ? value : 'order';
}

/**
 * The first selection in the all-view selects all projections. `previous` is
 * null until the user has made a selection; after that their choice is kept, minus
 * projections that no longer exist.
 */
export function allViewSelection(previous: readonly string[] | null, allIds: readonly string[]): string[] {
  if (previous === null) return [...allIds];
  const known = new Set(allIds);
  return previous.filter((id) => known.has(id));
}

export function toggleProjectionSelection(selected: readonly string[], id: string): string[] {
  return selected.includes(id) ? selected.filter((s) => s !== id) : [...selected, id];
}

/** The multi-select's label: 'Select Projections', 'All Projections' or 'n of m Selected'. */
export function selectionLabel(selectedCount: number, totalCount: number): string {
  if (selectedCount === 0) return projectionLabels.selectProjections;
  if (selectedCount >= totalCount) return projectionLabels.allProjections;
  return projectionLabels.nOfMSelected(selectedCount, totalCount);
}

/**
 * Saving transactions needs a projection id and a client, and never a draft.
 * Throws the spec's messages so every caller words them the same.
 */
export function assertCanSaveTransactions(
  projectionId: string | null | undefined,
  hasClient: boolean,
): string {
  // '__all__' is a view, not a projection: it has no transactions of its own.
  const kind = classifySelection(projectionId);
  if (
    projectionId === null ||
    projectionId === undefined ||
    kind === 'empty' ||
    kind === 'all' ||
    !hasClient
  ) {
    throw new Error(projectionMessages.saveRequiresIdAndClient);
  }
  if (isDraftId(projectionId)) throw new Error(projectionMessages.saveToDraft);
  return projectionId;
}
