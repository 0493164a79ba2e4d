import { useParams } from 'react-router';
import { CreateAlertButton } from '@/features/alerts';
import { CoinDetailPage } from '@/features/coins/coin-detail-page';
import { LazyIndicatorPanels } from './lazy-indicator-panels';
import { LazyWhatIfSale } from './lazy-what-if-sale';

/** Coin detail with the alerts feature's action, RSI/MACD panels and the tax feature's what-if sale composed in (features stay apart). */
export function CoinDetailRoute() {
  const { id = '' } = useParams();
  return (
    <CoinDetailPage
      actions={<CreateAlertButton coinId={id} />}
      extraSections={
        <>
          <LazyIndicatorPanels coinId={id} />
          <LazyWhatIfSale coinId={id} />
        </>
      }
    />
  );
}
