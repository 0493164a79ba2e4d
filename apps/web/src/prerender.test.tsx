import { afterEach, describe, expect, it } from 'vitest';
import { PageFrame } from '@/components/ui/page-frame';
import { PaintedPageFramePicture } from '@/components/ui/painted-page-frame-picture';
import type { FramedPath } from '@/lib/page-headers';
import {
  notePaintedPageFrame,
  paintedEmptyStateAttribute,
  paintedPageFrameAttribute,
  paintedPageHasContent,
} from '@/lib/painted-page-frame';
import { PaintedPageFrame, PaintedTerminalFrame } from '@/prerender';
import { render, screen } from '@/test/testing-library';
import { sourceBadgeSlot } from './prerender-slot.ts';

/** index.html as the server sends it for a framed page: the painted heading before #root. */
function paintFrame(path: FramedPath, empty = false): Element {
  const { container } = render(<PaintedPageFrame path={path} demo={false} empty={empty} />);
  // Out of React's container: the server's copy lies outside #root.
  const frame = container.firstElementChild;
  if (frame) document.body.prepend(frame);
  notePaintedPageFrame(document);
  const painted = document.querySelector(`[${paintedPageFrameAttribute}]`);
  if (!painted) throw new Error('not painted');
  return painted;
}

describe('the page heading the server paints', () => {
  afterEach(() => {
    for (const e of document.querySelectorAll(`[${paintedPageFrameAttribute}]`)) e.remove();
    notePaintedPageFrame(document);
  });

  it('is a picture of the heading: hidden from assistive technology, no second h1', () => {
    const painted = paintFrame('/transactions');
    expect(painted.getAttribute('aria-hidden')).toBe('true');
    expect(painted.querySelector('h1')).toBeNull();
    expect(painted.textContent).toContain('Transactions');
    expect(painted.textContent).toContain('Every figure is computed from these.');
  });

  it('keeps the room of the demo banner in demo mode, and of the top bar where the page shows it on a phone', () => {
    const markup = (path: FramedPath, demo: boolean) =>
      render(<PaintedPageFrame path={path} demo={demo} />).container.innerHTML;
    expect(markup('/dashboard', true)).toContain('Demo data — simulated prices, not real.');
    expect(markup('/dashboard', false)).not.toContain('Demo data');
    expect(markup('/dashboard', false)).toContain('<div class="h-14"></div>');
    expect(markup('/transactions', false)).toContain('<div class="hidden h-14 md:block"></div>');
  });

  it('goes when the page draws its own heading', () => {
    const painted = paintFrame('/transactions');
    render(
      <PageFrame title="Transactions" description="Buys, sells, transfers and rewards.">
        <p>rows</p>
      </PageFrame>,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Transactions' })).toBeTruthy();
    expect(painted.isConnected).toBe(false);
  });

  it("paints an empty page's controls and empty state below its heading, inert", () => {
    const painted = paintFrame('/dashboard', true);
    expect(painted.hasAttribute('inert')).toBe(true);
    expect(painted.querySelector(`[${paintedEmptyStateAttribute}]`)?.textContent).toContain(
      'No portfolios yetCreate a portfolio and add transactions to see your metrics.',
    );
    expect(painted.querySelector('select[aria-label="Portfolio"]')).not.toBeNull();
    expect(paintedPageHasContent()).toBe(true);
    const projections = render(<PaintedPageFrame path="/projections" demo={false} empty />).container;
    expect(projections.textContent).toContain('Add projectionAllNo projections available');
    // Only the pages whose emptiness the server can tell: another page gets its heading alone.
    expect(
      render(<PaintedPageFrame path="/transactions" demo={false} empty />).container.innerHTML,
    ).not.toContain(paintedEmptyStateAttribute);
  });

  it('stays over a page that has not settled, and goes once it has', () => {
    const painted = paintFrame('/dashboard', true);
    const page = (settled: boolean) => (
      <PageFrame title="Metrics" settled={settled}>
        <p>loading</p>
      </PageFrame>
    );
    const { rerender } = render(page(false));
    expect(painted.isConnected).toBe(true);
    rerender(page(true));
    expect(painted.isConnected).toBe(false);
    expect(paintedPageHasContent()).toBe(false);
  });

  it('goes when the page is left before it settled', () => {
    const painted = paintFrame('/projections', true);
    const { unmount } = render(
      <PageFrame title="Projections" settled={false}>
        <p>loading</p>
      </PageFrame>,
    );
    expect(painted.isConnected).toBe(true);
    unmount();
    expect(painted.isConnected).toBe(false);
  });

  it("paints the terminal's title line with the source badge's slot for the server to fill", () => {
    const live = render(<PaintedTerminalFrame demo={false} />).container.innerHTML;
    const demo = render(<PaintedTerminalFrame demo />).container.innerHTML;
    const painted = document.querySelector(`[${paintedPageFrameAttribute}]`);
    expect(painted?.getAttribute('aria-hidden')).toBe('true');
    expect(painted?.hasAttribute('inert')).toBe(true);
    expect(painted?.querySelector('h1')).toBeNull();
    expect(painted?.textContent).toContain('Terminal');
    expect(painted?.querySelector('[role="status"]')?.textContent).toBe(sourceBadgeSlot);
    // The top bar's room on a wide screen only (a phone's terminal has none); the demo banner's
    // room and the warning's colours in demo mode.
    expect(live).toContain('<div class="hidden h-14 md:block"></div>');
    expect(live).toContain('text-accent');
    expect(demo).toContain('Demo data — simulated prices, not real.');
    expect(demo).toContain('text-warning');
  });

  it('lies in the loading floor too, as a copy, while the painted one stays underneath', () => {
    const painted = paintFrame('/insights');
    const { container } = render(<PaintedPageFramePicture />);
    const copy = container.querySelector(`[${paintedPageFrameAttribute}]`);
    expect(copy?.textContent).toContain('Oracle');
    expect(copy).not.toBe(painted);
    expect(painted.isConnected).toBe(true);
  });

  it('draws nothing in the loading floor when the server painted no heading', () => {
    notePaintedPageFrame(document);
    const { container } = render(<PaintedPageFramePicture />);
    expect(container.textContent).toBe('');
  });
});
