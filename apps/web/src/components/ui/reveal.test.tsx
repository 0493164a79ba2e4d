import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor } from '@/test/testing-library';
import { Reveal } from './reveal';

/** A form whose fields arrive after it opened, as a lazily loaded one's do. */
function LateForm() {
  const [ready, setReady] = useState(false);
  return ready ? (
    <form aria-label="Late">
      <button type="button">Help</button>
      <input aria-label="First field" />
      <input aria-label="Second field" />
    </form>
  ) : (
    <button type="button" onClick={() => setReady(true)}>
      Load
    </button>
  );
}

describe('<Reveal>', () => {
  it('scrolls an opened form into view and focuses its first field, not a button', async () => {
    const scrolled = vi.spyOn(HTMLElement.prototype, 'scrollIntoView').mockImplementation(() => {});
    render(
      <Reveal>
        <form aria-label="Now">
          <button type="button">Help</button>
          <select aria-label="Portfolio" />
          <input aria-label="Quantity" />
        </form>
      </Reveal>,
    );
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('combobox', { name: 'Portfolio' })),
    );
    expect(scrolled).toHaveBeenCalled();
    scrolled.mockRestore();
  });

  it('waits for the fields of a form that loads after it opened', async () => {
    render(
      <Reveal>
        <LateForm />
      </Reveal>,
    );
    await new Promise((resolve) => requestAnimationFrame(() => resolve(undefined)));
    expect(document.activeElement).not.toBe(screen.getByRole('button', { name: 'Load' }));
    act(() => screen.getByRole('button', { name: 'Load' }).click());
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'First field' })),
    );
  });
});
