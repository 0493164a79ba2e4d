import { allProjectionsId, projectionLabels, transactionSortModeLabels } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import {
  allViewSelection,
  assertCanSaveTransactions,
  classifySelection,
  isDraftId,
  newDraftId,
  selectionLabel,
  toggleProjectionSelection,
  toTransactionSortMode,
} from './selection.ts';

describe('projection selection', () => {
  it.each([
    ['3f1c0e9a-real', 'real'],
    ['__all__', 'all'],
    ['', 'empty'],
    [null, 'empty'],
    [undefined, 'empty'],
    ['draft-k2x', 'draft'],
  ] as const)('%s is %s', (id, kind) => {
    expect(classifySelection(id)).toBe(kind);
  });

  it('draft ids', () => {
    expect(isDraftId(newDraftId(1_700_000_000_000))).toBe(true);
    expect(isDraftId(allProjectionsId)).toBe(false);
  });

  it('sort mode accepts only order or projection', () => {
    expect(toTransactionSortMode('projection')).toBe('projection');
    expect(toTransactionSortMode('order')).toBe('order');
    expect(toTransactionSortMode('name')).toBe('order');
    expect(toTransactionSortMode(undefined)).toBe('order');
    expect(transactionSortModeLabels).toEqual({ order: 'In Order', projection: 'By Projection' });
  });

  it('the first selection in the all-view selects all projections, later ones are kept', () => {
    expect(allViewSelection(null, ['a', 'b', 'c'])).toEqual(['a', 'b', 'c']);
    expect(allViewSelection(['b', 'gone'], ['a', 'b', 'c'])).toEqual(['b']);
    expect(allViewSelection([], ['a'])).toEqual([]);
    expect(toggleProjectionSelection(['a'], 'b')).toEqual(['a', 'b']);
    expect(toggleProjectionSelection(['a', 'b'], 'a')).toEqual(['b']);
  });

  it('multi-select labels', () => {
    expect(selectionLabel(0, 3)).toBe('Select Projections');
    expect(selectionLabel(3, 3)).toBe('All Projections');
    expect(selectionLabel(2, 3)).toBe('2 of 3 Selected');
    expect(projectionLabels).toMatchObject({
      noProjections: 'No projections available',
      newProjection: 'New Projection',
      clearAll: 'Clear All',
    });
  });

  it('saving transactions: the messages for a missing id or client and for a draft', () => {
    expect(() => assertCanSaveTransactions('', true)).toThrow(
      'saveTransactionsToServer requires projectionId and apiClient',
    );
    expect(() => assertCanSaveTransactions('p1', false)).toThrow(
      'saveTransactionsToServer requires projectionId and apiClient',
    );
    expect(() => assertCanSaveTransactions('__all__', true)).toThrow(
      'saveTransactionsToServer requires projectionId and apiClient',
    );
    expect(() => assertCanSaveTransactions('draft-1', true)).toThrow(
      'Cannot save transactions to a draft projection. Please save the projection first.',
    );
    expect(assertCanSaveTransactions('p1', true)).toBe('p1');
  });
});
