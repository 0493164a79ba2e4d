import {
  allProjectionsId as allId,
  type ProjectionFormState,
  projectionStorageKey,
  projectionStorageVersion,
  type TransactionSortMode,
} from '@app/contracts';
import { type SellRow, toTransactionSortMode } from '@app/core';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { isRecentReload } from '@/lib/session-state';

/** The id that turns the all-projections view on. */
export const allProjectionsId = allId;

/**
 * Projection form state, plus what the dialog needs to reopen after a reload:
 * the typed name, whether it creates or edits, and which projection it edits.
 */
export interface DialogFormState extends ProjectionFormState {
  name: string;
  mode: 'create' | 'edit';
  editingId: string | null;
}

export const emptyFormState: DialogFormState = {
  name: '',
  mode: 'create',
  editingId: null,
  coinId: '',
  coinName: '',
  coinSymbol: '',
  coinImage: '',
  investedCapital: '',
  tokensOwned: '',
  circulatingSupply: '',
  sellTax: '',
  isFormVisible: false,
  currentPrice: null,
  athPrice: null,
  athDate: null,
  marketCap: null,
};

/** The all-projections state (the figures are derived again on every render; these are the last seen). */
export interface AllProjectionsState {
  isAllProjectionsView: boolean;
  totalPositions: number;
  totalTransactions: number;
  totalCashOut: string;
  aggregatedData: { id: string; name: string; coin_name: string; coin_image: string; coin_symbol: string }[];
  /** null until the user first chooses: the first selection in the all-view selects all. */
  selectedProjections: string[] | null;
  transactionSortMode: TransactionSortMode;
}

/** Unsaved sell rows of one projection; kept so edits survive a reload. */
export interface TransactionDraft {
  projectionId: string;
  rows: SellRow[];
  hasChanges: boolean;
}

interface ProjectionsState {
  /** A real id, '__all__', '' (nothing) or a 'draft-…' id (unsaved). */
  currentProjectionId: string;
  formState: DialogFormState;
  lastSavedAt: string | null;
  allProjections: AllProjectionsState;
  transactions: TransactionDraft | null;
  setCurrentProjectionId: (id: string) => void;
  setFormState: (patch: Partial<DialogFormState>) => void;
  resetFormState: () => void;
  setLastSavedAt: (iso: string) => void;
  setAllProjections: (patch: Partial<AllProjectionsState>) => void;
  setTransactions: (draft: TransactionDraft | null) => void;
}

const initialAll: AllProjectionsState = {
  isAllProjectionsView: false,
  totalPositions: 0,
  totalTransactions: 0,
  totalCashOut: '0',
  aggregatedData: [],
  selectedProjections: null,
  transactionSortMode: 'order',
};

type Persisted = Pick<
  ProjectionsState,
  'currentProjectionId' | 'formState' | 'lastSavedAt' | 'allProjections' | 'transactions'
>;

/**
 * Local persistence: key exit-liquidity-projections, version 1, holding the
 * current projection id, the form state, the last saved time and the all-projections
 * state. The unsaved sell rows ride along so edits survive a reload.
 */
export const useProjectionsSelection = create<ProjectionsState>()(
  persist(
    (set) => ({
      currentProjectionId: '',
      formState: emptyFormState,
      lastSavedAt: null,
      allProjections: initialAll,
      transactions: null,
      setCurrentProjectionId: (currentProjectionId) =>
        set((s) => ({
          currentProjectionId,
          allProjections: { ...s.allProjections, isAllProjectionsView: currentProjectionId === allId },
        })),
      setFormState: (patch) => set((s) => ({ formState: { ...s.formState, ...patch } })),
      resetFormState: () => set({ formState: emptyFormState }),
      setLastSavedAt: (lastSavedAt) => set({ lastSavedAt }),
      setAllProjections: (patch) =>
        set((s) => ({
          allProjections: {
            ...s.allProjections,
            ...patch,
            // Only 'order' or 'projection' are accepted.
            transactionSortMode: toTransactionSortMode(
              patch.transactionSortMode ?? s.allProjections.transactionSortMode,
            ),
          },
        })),
      setTransactions: (transactions) => set({ transactions }),
    }),
    {
      name: projectionStorageKey,
      version: projectionStorageVersion,
      storage: createJSONStorage(() => localStorage),
      partialize: ({
        currentProjectionId,
        formState,
        lastSavedAt,
        allProjections,
        transactions,
      }): Persisted => ({
        currentProjectionId,
        formState,
        lastSavedAt,
        allProjections,
        transactions,
      }),
      // A damaged or foreign copy must not break the page: keep only what still has the right shape.
      merge: (persisted, current) => {
        const p = (persisted ?? {}) as Partial<Persisted>;
        return {
          ...current,
          currentProjectionId: typeof p.currentProjectionId === 'string' ? p.currentProjectionId : '',
          formState: {
            ...emptyFormState,
            ...(p.formState ?? {}),
            // The dialog reopens with its draft only on a reload within the saved session's
            // 5 minutes; a later visit starts with it closed, not with a stale draft.
            isFormVisible: p.formState?.isFormVisible === true && isRecentReload(),
          },
          lastSavedAt: typeof p.lastSavedAt === 'string' ? p.lastSavedAt : null,
          allProjections: {
            ...initialAll,
            ...(p.allProjections ?? {}),
            transactionSortMode: toTransactionSortMode(p.allProjections?.transactionSortMode),
          },
          transactions: p.transactions && Array.isArray(p.transactions.rows) ? p.transactions : null,
        };
      },
    },
  ),
);
