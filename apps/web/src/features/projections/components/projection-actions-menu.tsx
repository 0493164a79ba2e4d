import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { cn } from '@/lib/cn';

export interface ProjectionActionsMenuProps {
  label: string;
  triggerClassName: string;
  /** Opened by the click that loaded it (the stand-in button in projection-switcher). */
  defaultOpen: boolean;
  onEdit: () => void;
  onDelete: () => void;
}

const itemStyle =
  'flex cursor-pointer select-none items-center gap-3 rounded-md px-3 py-2 text-sm outline-none data-[highlighted]:bg-surface-2';

/** A projection's Edit/Delete menu (Radix dropdown with floating-ui: loaded on first use). */
export function ProjectionActionsMenu({
  label,
  triggerClassName,
  defaultOpen,
  onEdit,
  onDelete,
}: ProjectionActionsMenuProps) {
  return (
    // Not modal: a modal Radix menu sets aria-hidden on the whole page while its links and buttons
    // stay focusable (axe aria-hidden-focus, serious). Like the user menu, it is a plain WAI-ARIA
    // menu button: Escape and Tab close it and focus returns to the trigger.
    <DropdownMenu.Root defaultOpen={defaultOpen} modal={false}>
      <DropdownMenu.Trigger aria-label={label} className={triggerClassName}>
        ⋯
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={6}
          className="z-50 min-w-36 rounded-xl border border-line bg-surface p-1 text-fg shadow-2xl"
        >
          <DropdownMenu.Item className={itemStyle} onSelect={onEdit}>
            Edit
          </DropdownMenu.Item>
          <DropdownMenu.Item className={cn(itemStyle, 'text-danger')} onSelect={onDelete}>
            Delete
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
