import { Link, useLocation } from 'react-router';
import {
  allProjectionsId,
  useProjectionsSelection,
} from '@/features/projections/store/projections-selection-store';
import { cn } from '@/lib/cn';
import { navEntries } from './nav-entries';

/**
 * One nav element for both layouts: a fixed bottom bar below md (768 px), tab bar in
 * the header from md up. A single landmark keeps "Main" unique for assistive tech.
 */
export function MainNav() {
  const { pathname } = useLocation();
  const selectProjection = useProjectionsSelection((s) => s.setCurrentProjectionId);

  return (
    <nav
      aria-label="Main"
      className={cn(
        'fixed inset-x-0 bottom-0 z-40 h-14 border-t border-line bg-surface',
        'md:absolute md:inset-x-auto md:bottom-auto md:left-1/2 md:top-0 md:-translate-x-1/2 md:border-0 md:bg-transparent',
      )}
    >
      <ul className="flex h-full items-stretch justify-around md:gap-1">
        {navEntries.map((entry) => {
          const active = pathname === entry.to || entry.alsoActive?.(pathname) === true;
          const Icon = entry.icon;
          return (
            <li key={entry.to} className="flex flex-1 md:flex-none">
              <Link
                to={entry.to}
                aria-current={active ? 'page' : undefined}
                onClick={entry.to === '/projections' ? () => selectProjection(allProjectionsId) : undefined}
                className={cn(
                  'flex flex-1 flex-col items-center justify-center gap-0.5 px-3 text-[11px] font-medium transition',
                  'md:flex-row md:gap-2 md:border-b-2 md:text-sm',
                  'focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-accent',
                  active ? 'text-accent md:border-accent' : 'text-muted hover:text-fg md:border-transparent',
                )}
              >
                <Icon />
                {entry.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
