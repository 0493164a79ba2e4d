import { render } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { saveSessionState } from '@/lib/session-state';
import { restoreDelayMs, useSessionRestore } from './use-session-restore';

/*
 * After a reload the saved scroll comes back once the page has had time to grow (spec §2). The
 * e2e projections journey at 390 px scrolled a 1,000-sell list to its end right after a reload;
 * the restore then fired and put the page back at the top, unmounting the rows it was using.
 */

function Page() {
  useSessionRestore();
  return <p data-testid="at">{useLocation().pathname}</p>;
}

let scrollTo: ReturnType<typeof vi.fn>;
beforeEach(() => {
  vi.useFakeTimers();
  sessionStorage.clear();
  scrollTo = vi.fn();
  vi.stubGlobal('scrollTo', scrollTo);
  vi.spyOn(performance, 'getEntriesByType').mockReturnValue([
    { type: 'reload' } as unknown as PerformanceEntry,
  ]);
  saveSessionState('/projections', 1200);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const renderAt = (path: string) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <Page />
    </MemoryRouter>,
  );

describe('useSessionRestore after a reload', () => {
  it('puts the saved scroll back once the page has grown', () => {
    renderAt('/projections');
    vi.advanceTimersByTime(restoreDelayMs);
    expect(scrollTo).toHaveBeenCalledWith({ top: 1200 });
  });

  it('leaves the page where the reader scrolled before the restore was due', () => {
    renderAt('/projections');
    window.dispatchEvent(new Event('scroll'));
    vi.advanceTimersByTime(restoreDelayMs * 4);
    expect(scrollTo).not.toHaveBeenCalled();
  });
});

describe('opening / after visiting another page (issue 14)', () => {
  it('stays on the terminal: a fresh visit is never sent to the page seen last', () => {
    vi.spyOn(performance, 'getEntriesByType').mockReturnValue([
      { type: 'navigate' } as unknown as PerformanceEntry,
    ]);
    const view = renderAt('/');
    vi.advanceTimersByTime(restoreDelayMs * 4);
    expect(view.getByTestId('at').textContent).toBe('/');
    expect(scrollTo).not.toHaveBeenCalled();
  });

  it('stays on / after a reload of / too: the saved scroll belongs to another page', () => {
    const view = renderAt('/');
    vi.advanceTimersByTime(restoreDelayMs * 4);
    expect(view.getByTestId('at').textContent).toBe('/');
    expect(scrollTo).not.toHaveBeenCalled();
  });
});
