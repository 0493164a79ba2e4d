import { projectionStorageKey, projectionStorageVersion } from '@app/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { saveSessionState } from '@/lib/session-state';
import { useProjectionsSelection } from './projections-selection-store';

function storeDraft() {
  localStorage.setItem(
    projectionStorageKey,
    JSON.stringify({
      state: { formState: { isFormVisible: true, mode: 'create', name: 'BTC Position', coinId: 'bitcoin' } },
      version: projectionStorageVersion,
    }),
  );
}

function arrivedBy(type: 'reload' | 'navigate') {
  vi.spyOn(performance, 'getEntriesByType').mockReturnValue([{ type } as PerformanceNavigationTiming]);
}

afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
  sessionStorage.clear();
});

describe('the projection draft after a page load', () => {
  it('reopens on a reload within the saved session’s 5 minutes', async () => {
    storeDraft();
    saveSessionState('/projections', 0);
    arrivedBy('reload');
    await useProjectionsSelection.persist.rehydrate();
    expect(useProjectionsSelection.getState().formState).toMatchObject({
      isFormVisible: true,
      name: 'BTC Position',
    });
  });

  it('stays closed on a fresh visit, and after the 5 minutes', async () => {
    storeDraft();
    saveSessionState('/projections', 0);
    arrivedBy('navigate');
    await useProjectionsSelection.persist.rehydrate();
    expect(useProjectionsSelection.getState().formState.isFormVisible).toBe(false);

    storeDraft();
    saveSessionState('/projections', 0, Date.now() - 6 * 60_000);
    arrivedBy('reload');
    await useProjectionsSelection.persist.rehydrate();
    expect(useProjectionsSelection.getState().formState.isFormVisible).toBe(false);
  });
});
