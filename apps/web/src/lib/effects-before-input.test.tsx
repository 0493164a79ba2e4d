import { useEffect, useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { render, screen } from '@/test/testing-library';
import { runEffectsBeforeInput } from './effects-before-input';

let stop: (() => void) | null = null;
afterEach(() => {
  stop?.();
  stop = null;
});

/** Like a dialog: opening it adds, from an effect, the Escape listener that closes it. */
function Closable() {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);
  return (
    <button type="button" onClick={() => setOpen(true)}>
      {open ? 'Open' : 'Closed'}
    </button>
  );
}

describe('runEffectsBeforeInput', () => {
  it('runs the effects of the last render before the next key press reaches the page', async () => {
    stop = runEffectsBeforeInput();
    render(<Closable />);
    // A native click outside act: Preact renders on a microtask and schedules the effect for
    // after the next frame.
    screen.getByRole('button').click();
    await Promise.resolve();
    expect(screen.getByRole('button').textContent).toBe('Open');
    // Pressed at once, before that frame: the listener the effect adds is there for it.
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    await Promise.resolve();
    expect(screen.getByRole('button').textContent).toBe('Closed');
  });
});
