import { EmptyState } from '@/components/ui/empty-state';
import { PageFrame } from '@/components/ui/page-frame';

/** The page frame only; the feature itself arrives with its own issue. */
export function TransactionsPage() {
  return (
    <PageFrame title="Transactions" description="Every buy, sell and transfer you record.">
      <EmptyState title="No transactions yet">
        Recording transactions arrives with the portfolios feature.
      </EmptyState>
    </PageFrame>
  );
}
