import { useSearchParams } from 'react-router';
import { CreateAlertButton } from '@/features/alerts';
import { TerminalPage } from '@/features/terminal/terminal-page';
import { LazyIndicatorPanels } from './lazy-indicator-panels';

/** The terminal with "Create alert" and RSI/MACD for the selected coin (?coin=), composed by the app layer. */
export function TerminalRoute() {
  const [params] = useSearchParams();
  const coin = params.get('coin');
  if (coin === null || coin === '') return <TerminalPage />;
  return (
    <TerminalPage
      actions={<CreateAlertButton coinId={coin} />}
      extraSections={<LazyIndicatorPanels coinId={coin} />}
    />
  );
}
