/* Exit-strategy projection constants: no schemas, no zod. */

/** The dialog's validation and error messages, word for word. */
export const projectionMessages = {
  selectCoin: 'Please select a cryptocurrency',
  enterName: 'Please enter a name',
  enterInvestedCapital: 'Please enter invested capital',
  enterCoinsOwned: 'Please enter coins owned',
  enterSellTax: 'Please enter sell tax',
  invalidNumber: 'Please enter a valid number',
  invalidPercentage: 'Please enter a valid percentage (0-100)',
  missingCreateInput: 'Missing required input data to save projection',
  fetchFailed: 'Failed to fetch projections',
  saveRequiresIdAndClient: 'saveTransactionsToServer requires projectionId and apiClient',
  saveToDraft: 'Cannot save transactions to a draft projection. Please save the projection first.',
  syncAfterSaveFailed: (reason: string) => `Failed to sync with server after save: ${reason}`,
} as const;

/** Our own wire-validation messages for cases the spec does not word. */
export const projectionWireMessages = {
  tooManyDecimals: 'Use at most 8 decimal places',
  mustBePositive: 'Must be greater than 0',
  tooLong: 'Too long',
  badReplaceBody: 'Send a list of transactions, or an object with transactions',
  badOrder: 'transaction_order must be a whole number from 1',
} as const;

/** The projections top bar's labels, word for word. */
export const projectionLabels = {
  all: 'All',
  noProjections: 'No projections available',
  newProjection: 'New Projection',
  selectProjections: 'Select Projections',
  allProjections: 'All Projections',
  nOfMSelected: (n: number, m: number) => `${n} of ${m} Selected`,
  clearAll: 'Clear All',
  inOrder: 'In Order',
  byProjection: 'By Projection',
} as const;

/** What is kept in local storage, and how the projection selection reads it. */
export const projectionStorageKey = 'exit-liquidity-projections';
export const projectionStorageVersion = 1;
export const coinCacheKey = (coinId: string) => `crypto_${coinId}`;
export const allProjectionsId = '__all__';
export const draftIdPrefix = 'draft-';
export const transactionSortModes = ['order', 'projection'] as const;
export type TransactionSortMode = (typeof transactionSortModes)[number];
export const transactionSortModeLabels: Record<TransactionSortMode, string> = {
  order: projectionLabels.inOrder,
  projection: projectionLabels.byProjection,
};
