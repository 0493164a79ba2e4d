import type { CoinMarket } from '@app/contracts';
import { Panel } from '@/components/ui/panel';
import type { MoneyFormatter } from '@/lib/settings';
import { BreadthPanel, TopPerformersPanel, TrendingPanel } from './market-overview';
import { sidebarClass, sidebarPanels } from './sidebar-layout';
import { WatchlistsPanel } from './watchlists-panel';

export interface TerminalSidebarProps {
  vs: string;
  money: MoneyFormatter;
  /** Quotes of the market table's current page. */
  quotes: ReadonlyMap<string, CoinMarket>;
  selected: CoinMarket | null;
  onSelect: (id: string) => void;
  activeWatchlistId: string | null;
  onActiveWatchlistChange: (id: string | null) => void;
}

const [watchlists, breadth, trending, top] = sidebarPanels;

/** The terminal's side column: watchlists, market breadth, trending and top performers. */
export function TerminalSidebar(props: TerminalSidebarProps) {
  const { vs, money, onSelect } = props;
  return (
    <aside className={sidebarClass}>
      <Panel title={watchlists.title}>
        <WatchlistsPanel
          vs={vs}
          quotes={props.quotes}
          selected={props.selected}
          money={money}
          onSelect={onSelect}
          activeId={props.activeWatchlistId}
          onActiveChange={props.onActiveWatchlistChange}
        />
      </Panel>
      <Panel title={breadth.title}>
        <BreadthPanel vs={vs} />
      </Panel>
      <Panel title={trending.title}>
        <TrendingPanel vs={vs} money={money} onSelect={onSelect} />
      </Panel>
      <Panel title={top.title}>
        <TopPerformersPanel vs={vs} money={money} onSelect={onSelect} />
      </Panel>
    </aside>
  );
}
