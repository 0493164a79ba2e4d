import { useParams } from 'react-router';
import { EmptyState } from '@/components/ui/empty-state';
import { PageFrame } from '@/components/ui/page-frame';

export function CoinDetailPage() {
  const { id = '' } = useParams();
  return (
    <PageFrame
      title={id === '' ? 'Coin' : id}
      description="Price, chart, indicators and your position in this coin."
    >
      <EmptyState title="Coin details are being built">
        Price history, indicators and social data for this coin arrive with the market-data feature.
      </EmptyState>
    </PageFrame>
  );
}
