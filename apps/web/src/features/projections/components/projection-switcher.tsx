import { type Projection, projectionLabels } from '@app/contracts';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { CoinIcon } from './coin-icon';

interface ProjectionSwitcherProps {
  projections: Projection[];
  /** The current projection id ('__all__', a real id, '' or a 'draft-…' id). */
  currentId: string;
  showDraft: boolean;
  onSelectAll: () => void;
  onSelect: (id: string) => void;
  onEdit: (projection: Projection) => void;
  onDelete: (projection: Projection) => void;
}

const chip =
  'flex shrink-0 items-center gap-2 rounded-lg border px-3 py-1.5 text-sm transition focus-visible:outline-2 focus-visible:outline-accent';
const actionsTrigger =
  'rounded-md px-1.5 py-0.5 text-muted hover:text-fg focus-visible:outline-2 focus-visible:outline-accent';

/**
 * The Radix menu with floating-ui weighs more than the rest of this page's own code:
 * a plain button stands in for its trigger until the first hover, focus or click.
 */
const loadMenu = () => import('./projection-actions-menu');
const ActionsMenu = lazy(() => loadMenu().then((m) => ({ default: m.ProjectionActionsMenu })));

interface ProjectionActionsProps {
  name: string;
  onEdit: () => void;
  onDelete: () => void;
}

function ProjectionActions({ name, onEdit, onDelete }: ProjectionActionsProps) {
  const [opened, setOpened] = useState(false);
  const label = `Actions for ${name}`;
  const standIn = (
    <Button
      variant="unstyled"
      aria-label={label}
      aria-haspopup="menu"
      aria-expanded={false}
      className={actionsTrigger}
      onPointerEnter={() => void loadMenu()}
      onFocus={() => void loadMenu()}
      onClick={() => setOpened(true)}
    >
      ⋯
    </Button>
  );
  if (!opened) return standIn;
  return (
    <Suspense fallback={standIn}>
      <ActionsMenu
        label={label}
        triggerClassName={actionsTrigger}
        defaultOpen
        onEdit={onEdit}
        onDelete={onDelete}
      />
    </Suspense>
  );
}

/** The row below the heading that holds the switcher. */
export function ProjectionsTopBar({ children }: { children: ReactNode }) {
  return <div className="mb-4">{children}</div>;
}

/**
 * The projection switcher: 'All' first, then each projection with its coin image
 * and name and an edit/delete menu; 'No projections available' when there are none and
 * 'New Projection' for an unsaved draft.
 */
export function ProjectionSwitcher(props: ProjectionSwitcherProps) {
  const { projections, currentId, showDraft } = props;
  return (
    <nav aria-label="Projection switcher" className="-mx-1 overflow-x-auto px-1 pb-1">
      <ul className="flex items-center gap-2">
        <li>
          <Button
            variant="unstyled"
            aria-current={currentId === '__all__' ? 'page' : undefined}
            onClick={props.onSelectAll}
            className={cn(
              chip,
              currentId === '__all__' ? 'border-accent bg-surface-2 font-semibold' : 'border-line',
            )}
          >
            {projectionLabels.all}
          </Button>
        </li>
        {projections.map((p) => {
          const current = p.id === currentId;
          return (
            <li
              key={p.id}
              className={cn(chip, 'p-0 pr-1', current ? 'border-accent bg-surface-2' : 'border-line')}
            >
              <Button
                variant="unstyled"
                aria-current={current ? 'page' : undefined}
                onClick={() => props.onSelect(p.id)}
                className={cn('flex items-center gap-2 py-1.5 pl-3', current && 'font-semibold')}
              >
                <CoinIcon src={p.coin_image} symbol={p.coin_symbol} />
                <span className="max-w-40 truncate">{p.name}</span>
              </Button>
              <ProjectionActions
                name={p.name}
                onEdit={() => props.onEdit(p)}
                onDelete={() => props.onDelete(p)}
              />
            </li>
          );
        })}
        {showDraft && (
          <li>
            <span aria-current="page" className={cn(chip, 'border-dashed border-accent font-semibold')}>
              {projectionLabels.newProjection}
            </span>
          </li>
        )}
        {projections.length === 0 && !showDraft && (
          <li className="px-2 text-sm text-muted">{projectionLabels.noProjections}</li>
        )}
      </ul>
    </nav>
  );
}
