import { useParams } from 'react-router';
import { CreateAlertButton } from '@/features/alerts';
import { CoinDetailPage } from '@/features/coins/coin-detail-page';
import { LazyIndicatorPanels } from './lazy-indicator-panels';

/** Coin detail with the alerts feature's action and RSI/MACD panels composed in (features stay apart). */
export function CoinDetailRoute() {
  const { id = '' } = useParams();
  return (
    <CoinDetailPage
      actions={<CreateAlertButton coinId={id} />}
      extraSections={<LazyIndicatorPanels coinId={id} />}
    />
  );
}
