import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { saveSessionState } from '@/lib/session-state';
import { render } from '@/test/testing-library';
import { restoreDelayMs, restoreWindowMs, useSessionRestore } from './use-session-restore';

/*
 * After a reload the saved scroll comes back once the page has had time to grow, also
 * when its data arrives after the 500 ms: a 390 px /transactions was still one screen tall then. The
 * e2e projections journey at 390 px scrolled a 1,000-sell list to its end right after a reload;
 * the restore then fired and put the page back at the top, unmounting the rows it was using.
 */

function Page() {
  useSessionRestore();
  return <p data-testid="at">{useLocation().pathname}</p>;
}

/** jsdom lays nothing out: the page's height is set here and its growth reported by hand. */
let pageHeight = 0;
const observers = new Set<() => void>();
class FakeResizeObserver {
  constructor(private readonly callback: () => void) {}
  observe() {
    observers.add(this.callback);
  }
  disconnect() {
    observers.delete(this.callback);
  }
}
const growTo = (height: number) => {
  pageHeight = height;
  for (const notify of [...observers]) notify();
};

let scrollTo: ReturnType<typeof vi.fn>;
beforeEach(() => {
  vi.useFakeTimers();
  sessionStorage.clear();
  scrollTo = vi.fn();
  vi.stubGlobal('scrollTo', scrollTo);
  vi.stubGlobal('ResizeObserver', FakeResizeObserver);
  vi.stubGlobal('innerHeight', 844);
  pageHeight = 3000;
  vi.spyOn(document.documentElement, 'scrollHeight', 'get').mockImplementation(() => pageHeight);
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
  it("turns the browser's own scroll restoration off, whose early scroll called the restore off", () => {
    history.scrollRestoration = 'auto';
    renderAt('/projections');
    expect(history.scrollRestoration).toBe('manual');
  });

  it('puts the saved scroll back once the page has grown', () => {
    renderAt('/projections');
    vi.advanceTimersByTime(restoreDelayMs);
    expect(scrollTo).toHaveBeenCalledWith({ top: 1200 });
  });

  it('waits for a page whose data arrives after 500 ms, then puts the scroll back', () => {
    pageHeight = 844;
    renderAt('/projections');
    vi.advanceTimersByTime(restoreDelayMs * 2);
    expect(scrollTo).not.toHaveBeenCalled();
    growTo(1500);
    expect(scrollTo).not.toHaveBeenCalled();
    growTo(2100);
    expect(scrollTo).toHaveBeenCalledExactlyOnceWith({ top: 1200 });
    growTo(2500);
    expect(scrollTo).toHaveBeenCalledTimes(1);
  });

  it('leaves a page that grows once the reader has turned the wheel', () => {
    pageHeight = 844;
    renderAt('/projections');
    vi.advanceTimersByTime(restoreDelayMs);
    window.dispatchEvent(new Event('wheel'));
    growTo(3000);
    expect(scrollTo).not.toHaveBeenCalled();
  });

  it('leaves a page that grows only after the restore window', () => {
    pageHeight = 844;
    renderAt('/projections');
    vi.advanceTimersByTime(restoreWindowMs);
    growTo(3000);
    expect(scrollTo).not.toHaveBeenCalled();
  });

  it('leaves the page where the reader scrolled before the restore was due', () => {
    renderAt('/projections');
    window.dispatchEvent(new Event('scroll'));
    vi.advanceTimersByTime(restoreDelayMs * 4);
    expect(scrollTo).not.toHaveBeenCalled();
  });
});

describe('opening / after visiting another page', () => {
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
