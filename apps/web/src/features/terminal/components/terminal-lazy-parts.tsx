import { Panel } from '@/components/ui/panel';
import { Spinner } from '@/components/ui/spinner';
import { lazyPart } from '@/lib/lazy-part';
import { sidebarClass, sidebarPanels } from './sidebar-layout';

/**
 * The side column (watchlists, breadth, trending, top performers) and the selected coin's chart
 * each show their own requests' data, and the column sits beside or below the market table: their
 * code loads beside those requests rather than before the terminal paints (route
 * budget). Their placeholders are the loading lines they show while their data is on its way.
 */
export const sidebar = lazyPart(
  () => import('./terminal-sidebar'),
  (m) => m.TerminalSidebar,
);
export const selectedCoin = lazyPart(
  () => import('./selected-coin'),
  (m) => m.SelectedCoin,
);

export const sidebarPlaceholder = (
  <aside className={sidebarClass}>
    {sidebarPanels.map((panel) => (
      <Panel key={panel.title} title={panel.title}>
        <Spinner label={panel.loading} />
      </Panel>
    ))}
  </aside>
);
export const loadingCoin = <Spinner label="Loading coin…" />;
