import { type Projection, projectionLabels } from '@app/contracts';
import { selectionLabel, toggleProjectionSelection } from '@app/core';
import { useCallback, useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { useDismiss } from '../hooks/use-dismiss';
import { CoinIcon } from './coin-icon';

/** The all-projections view's multi-select: a button naming the choice, and a popup of checkboxes. */
export function ProjectionSelectionMenu({
  projections,
  selected,
  onChange,
}: {
  projections: readonly Projection[];
  selected: readonly string[];
  onChange: (selected: string[]) => void;
}) {
  const menuId = useId();
  const [open, setOpen] = useState(false);
  const popupRef = useRef<HTMLDivElement>(null);
  useDismiss(
    popupRef,
    open,
    useCallback(() => setOpen(false), []),
  );
  return (
    <div ref={popupRef} className="relative">
      <Button
        variant="secondary"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((o) => !o)}
      >
        {selectionLabel(selected.length, projections.length)}
      </Button>
      {open && (
        <fieldset
          id={menuId}
          className="absolute left-0 z-20 mt-1 flex max-h-[500px] w-72 flex-col gap-1 overflow-y-auto rounded-lg border border-line bg-surface p-2 shadow-xl"
        >
          <legend className="sr-only">{projectionLabels.selectProjections}</legend>
          {projections.map((p) => (
            <label
              key={p.id}
              className="flex items-center gap-2 rounded-md px-2 py-1.5 text-sm hover:bg-surface-2"
            >
              <input
                type="checkbox"
                checked={selected.includes(p.id)}
                onChange={() => onChange(toggleProjectionSelection(selected, p.id))}
              />
              <CoinIcon src={p.coin_image} symbol={p.coin_symbol} />
              {p.name}
            </label>
          ))}
          <Button variant="ghost" onClick={() => onChange([])}>
            {projectionLabels.clearAll}
          </Button>
        </fieldset>
      )}
    </div>
  );
}
