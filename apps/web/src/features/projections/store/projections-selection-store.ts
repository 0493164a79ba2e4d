import { create } from 'zustand';

/** Spec §4: the id that turns the all-projections view on. */
export const allProjectionsId = '__all__';

interface ProjectionsSelectionState {
  /** A real id, '__all__', '' (nothing) or a 'draft-…' id (unsaved). */
  currentProjectionId: string;
  setCurrentProjectionId: (id: string) => void;
}

/**
 * Minimal for now; the projections issue replaces it with the persisted store
 * (key exit-liquidity-projections, version 1).
 */
export const useProjectionsSelection = create<ProjectionsSelectionState>()((set) => ({
  currentProjectionId: '',
  setCurrentProjectionId: (currentProjectionId) => set({ currentProjectionId }),
}));
