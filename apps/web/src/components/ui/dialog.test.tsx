import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@/test/testing-library';
import { useConfirm } from './confirm-dialog';
import { Dialog } from './dialog';
import { Field } from './field';
import { Table, Td, Th } from './table';

function Opener() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      {open && (
        <Dialog title="Edit thing" description="Change its name." closeButton onClose={() => setOpen(false)}>
          <input aria-label="Name" />
          <button type="button">Save</button>
        </Dialog>
      )}
    </>
  );
}

describe('Dialog', () => {
  it('is labelled and described, traps focus, closes on Escape and returns focus to its opener', async () => {
    render(<Opener />);
    const opener = screen.getByRole('button', { name: 'Open' });
    await userEvent.click(opener);
    const dialog = await screen.findByRole('dialog', { name: 'Edit thing', description: 'Change its name.' });
    // Radix moves focus in from an effect, after the dialog is in the page.
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    // Tab cycles inside: Close, Name, Save, then Close again.
    for (let i = 0; i < 4; i += 1) {
      await userEvent.tab();
      expect(dialog.contains(document.activeElement)).toBe(true);
    }
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    // Radix returns focus on the task after the unmount.
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });

  it('closes from its labelled × button', async () => {
    render(<Opener />);
    await userEvent.click(screen.getByRole('button', { name: 'Open' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

function DeleteButton({ onDelete }: { onDelete: () => void }) {
  const confirm = useConfirm();
  return (
    <>
      <button
        type="button"
        onClick={() =>
          confirm.ask({
            title: 'Delete Main?',
            description: 'This cannot be undone.',
            confirmLabel: 'Delete portfolio',
            destructive: true,
            onConfirm: onDelete,
          })
        }
      >
        Delete
      </button>
      {confirm.dialog}
    </>
  );
}

describe('ConfirmDialog', () => {
  it('starts on Cancel, so Enter on an accidental opening deletes nothing', async () => {
    const onDelete = vi.fn();
    render(<DeleteButton onDelete={onDelete} />);
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    const ask = await screen.findByRole('alertdialog', {
      name: 'Delete Main?',
      description: 'This cannot be undone.',
    });
    expect(document.activeElement).toBe(within(ask).getByRole('button', { name: 'Cancel' }));
    await userEvent.keyboard('{Enter}');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(onDelete).not.toHaveBeenCalled();
  });

  it('runs the action once on confirm and closes', async () => {
    const onDelete = vi.fn();
    render(<DeleteButton onDelete={onDelete} />);
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Delete portfolio' }));
    expect(onDelete).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Delete' })));
  });
});

describe('Field and Table', () => {
  it('ties the label, hint and errors to the control', () => {
    render(
      <Field label="Price" hint="In USD" errors={['Enter a number']}>
        {(control) => <input {...control} />}
      </Field>,
    );
    const input = screen.getByRole('textbox', { name: 'Price' });
    expect(input.getAttribute('aria-invalid')).toBe('true');
    const described = (input.getAttribute('aria-describedby') ?? '').split(' ');
    expect(described.map((id) => document.getElementById(id)?.textContent)).toEqual([
      'In USD',
      'Enter a number',
    ]);
  });

  it('names the table by its caption and scopes header cells to columns', () => {
    render(
      <Table caption="Holdings" head={<Th numeric>Value</Th>}>
        <tr>
          <Td numeric>$1.00</Td>
        </tr>
      </Table>,
    );
    const table = screen.getByRole('table', { name: 'Holdings' });
    expect(within(table).getByRole('columnheader', { name: 'Value' }).getAttribute('scope')).toBe('col');
    expect(within(table).getByRole('cell', { name: '$1.00' }).className).toContain('text-right');
  });
});
