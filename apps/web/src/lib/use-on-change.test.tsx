import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { render, screen } from '@/test/testing-library';
import { useOnChange } from './use-on-change';

function Copy({ value, applied }: { value: { n: number } | undefined; applied: unknown[] }) {
  const [text, setText] = useState('empty');
  useOnChange(value, (v) => {
    applied.push(v);
    if (v) setText(String(v.n));
  });
  return <output>{text}</output>;
}

describe('useOnChange', () => {
  it('applies a value present at mount in that first render, then only when the value changes', () => {
    const applied: unknown[] = [];
    const first = { n: 1 };
    const { rerender } = render(<Copy value={first} applied={applied} />);
    expect(screen.getByRole('status').textContent).toBe('1');
    rerender(<Copy value={first} applied={applied} />);
    expect(applied).toEqual([first]);
    const second = { n: 2 };
    rerender(<Copy value={second} applied={applied} />);
    expect(screen.getByRole('status').textContent).toBe('2');
    expect(applied).toEqual([first, second]);
  });

  it('waits for data that arrives after mount', () => {
    const applied: unknown[] = [];
    const { rerender } = render(<Copy value={undefined} applied={applied} />);
    expect(screen.getByRole('status').textContent).toBe('empty');
    const later = { n: 3 };
    rerender(<Copy value={later} applied={applied} />);
    expect(screen.getByRole('status').textContent).toBe('3');
    expect(applied).toEqual([undefined, later]);
  });
});
