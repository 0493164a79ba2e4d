import { EmptyState } from '@/components/ui/empty-state';
import { PageFrame } from '@/components/ui/page-frame';

/** The page frame only; the feature itself arrives with its own issue. */
export function PortfoliosPage() {
  return (
    <PageFrame
      title="Portfolios"
      description="Group holdings and follow each portfolio's value and exact P&L."
    >
      <EmptyState title="No portfolios yet">
        Creating portfolios arrives with the portfolios feature.
      </EmptyState>
    </PageFrame>
  );
}
