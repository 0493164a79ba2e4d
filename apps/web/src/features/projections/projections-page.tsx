import { useParams } from 'react-router';
import { buttonStyles } from '@/components/ui/button-styles';
import { EmptyState } from '@/components/ui/empty-state';
import { PageFrame } from '@/components/ui/page-frame';
import { allProjectionsId, useProjectionsSelection } from './store/projections-selection-store';

export function ProjectionsPage() {
  const { id } = useParams();
  const current = useProjectionsSelection((s) => s.currentProjectionId);
  const allView = id === undefined && current === allProjectionsId;

  return (
    <PageFrame
      title="Projections"
      description="Plan exits per coin: sell ladders, fees, price impact and sell tax."
      actions={
        <>
          <button
            type="button"
            className={buttonStyles.primary}
            disabled
            title="Arrives with the projections feature"
          >
            Add projection
          </button>
          <div className="rounded-lg border border-line bg-surface px-3 py-2 text-sm text-muted">
            {allView ? 'All' : 'No projections available'}
          </div>
        </>
      }
    >
      <EmptyState title="No projections available">
        Exit-strategy projections are being built. Once they arrive you will create a projection per coin, add
        planned sell transactions and see cash out, fees and tax.
      </EmptyState>
    </PageFrame>
  );
}
