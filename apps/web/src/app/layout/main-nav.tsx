import type { MouseEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { cn } from '@/lib/cn';
import { navEntries } from './nav-entries';

/**
 * The Projections tab opens the all-projections view. The selection store (with its persisted
 * state and the projection rules it imports) loads with the click, not with the shell;
 * a plain click navigates once the view is selected, so the page never shows the previous one.
 */
async function selectAllProjections(): Promise<void> {
  const { allProjectionsId, useProjectionsSelection } = await import(
    '@/features/projections/store/projections-selection-store'
  );
  useProjectionsSelection.getState().setCurrentProjectionId(allProjectionsId);
}

const plainClick = (e: MouseEvent) => e.button === 0 && !e.metaKey && !e.ctrlKey && !e.shiftKey && !e.altKey;

/**
 * One nav element for both layouts: a fixed bottom bar below md (768 px), tab bar in
 * the header from md up. A single landmark keeps "Main" unique for assistive tech.
 */
export function MainNav() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const openProjections = (e: MouseEvent<HTMLAnchorElement>) => {
    if (!plainClick(e)) {
      void selectAllProjections();
      return;
    }
    e.preventDefault();
    void selectAllProjections().finally(() => navigate('/projections'));
  };

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
                onClick={entry.to === '/projections' ? openProjections : undefined}
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
