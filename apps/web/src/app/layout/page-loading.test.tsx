import { afterEach, describe, expect, it } from 'vitest';
import { notePaintedPageFrame, paintedPageFrameAttribute } from '@/lib/painted-page-frame';
import { render, screen } from '@/test/testing-library';
import { PageLoading } from './page-loading';

describe('PageLoading (the layout while a page’s code loads)', () => {
  afterEach(() => {
    for (const e of document.querySelectorAll(`[${paintedPageFrameAttribute}]`)) e.remove();
    notePaintedPageFrame(document);
  });

  it('keeps the room of the painted heading above its spinner, hidden from assistive technology', () => {
    document.body.insertAdjacentHTML(
      'afterbegin',
      `<div ${paintedPageFrameAttribute}="" aria-hidden="true"><div class="h-14"></div><div class="mx-auto"><div>Transactions</div><p>Buys, sells…</p></div></div>`,
    );
    notePaintedPageFrame(document);
    const { container } = render(<PageLoading />);
    const room = container.querySelector('.invisible[aria-hidden="true"]');
    expect(room?.textContent).toBe('TransactionsBuys, sells…');
    expect(room?.querySelector('.h-14')).toBeNull();
    // The room comes first: the spinner is drawn below the heading, not through it.
    expect(room?.compareDocumentPosition(screen.getByRole('status'))).toBe(Node.DOCUMENT_POSITION_FOLLOWING);
  });

  it('is the spinner alone when no painted heading is on screen', () => {
    notePaintedPageFrame(document);
    const { container } = render(<PageLoading />);
    expect(container.querySelector('.invisible')).toBeNull();
    expect(screen.getByRole('status').textContent).toBe('Loading…');
  });
});
