import userEvent from '@testing-library/user-event';
import { createRef } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Button } from '@/components/ui/button';
import { buttonStyles } from '@/components/ui/button-styles';
import { render, screen } from '@/test/testing-library';

describe('Button', () => {
  it('is a plain button that does not submit the form around it', async () => {
    const onSubmit = vi.fn((e: SubmitEvent) => e.preventDefault());
    const onClick = vi.fn();
    render(
      <form onSubmit={(e) => onSubmit(e.nativeEvent as SubmitEvent)}>
        <Button variant="secondary" onClick={onClick}>
          Cancel
        </Button>
      </form>,
    );
    const button = screen.getByRole('button', { name: 'Cancel' });
    expect(button.getAttribute('type')).toBe('button');
    await userEvent.click(button);
    expect(onClick).toHaveBeenCalledOnce();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('submits when asked to', async () => {
    const onSubmit = vi.fn((e: SubmitEvent) => e.preventDefault());
    render(
      <form onSubmit={(e) => onSubmit(e.nativeEvent as SubmitEvent)}>
        <Button variant="primary" type="submit">
          Save
        </Button>
      </form>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).toHaveBeenCalledOnce();
  });

  it('wears its variant with the classes given after it, and passes the rest on', () => {
    const ref = createRef<HTMLButtonElement>();
    render(
      <Button ref={ref} variant="ghost" className="mt-2" aria-label="Close alerts" disabled>
        ×
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Close alerts' });
    expect(button.className).toBe(`${buttonStyles.ghost} mt-2`);
    expect(button).toHaveProperty('disabled', true);
    expect(ref.current).toBe(button);
  });
});
