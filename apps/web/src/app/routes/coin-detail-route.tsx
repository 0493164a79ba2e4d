import { useParams } from 'react-router';
import { CreateAlertButton } from '@/features/alerts';
import { CoinDetailPage } from '@/features/coins/coin-detail-page';
import { AddToWatchlistButton } from '@/features/terminal/add-to-watchlist-button';
import { LazyIndicatorPanels } from './lazy-indicator-panels';
import { LazyWhatIfSale } from './lazy-what-if-sale';

/** Coin detail with the watchlists' and the alerts feature's actions, RSI/MACD panels and the tax feature's what-if sale composed in (features stay apart). */
export function CoinDetailRoute() {
  const { id = '' } = useParams();
  return (
    <CoinDetailPage
      actions={(coin) => (
        <>
          <AddToWatchlistButton coin={{ id: coin.id, name: coin.name }} />
          <CreateAlertButton coinId={id} />
        </>
      )}
      extraSections={
        <>
          <LazyIndicatorPanels coinId={id} />
          <LazyWhatIfSale coinId={id} />
        </>
      }
    />
  );
}
