import { EmptyState } from '@/components/ui/empty-state';
import { PageFrame } from '@/components/ui/page-frame';

/** The page frame only; the feature itself arrives with its own issue. */
export function OraclePage() {
  return (
    <PageFrame title="Oracle" description="Insights about your portfolios and the market.">
      <EmptyState title="Oracle is being built">
        Insights will be generated from your own portfolio analytics, and from a language model if the
        administrator configures one.
      </EmptyState>
    </PageFrame>
  );
}
