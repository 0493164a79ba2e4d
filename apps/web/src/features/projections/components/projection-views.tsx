import { useQuery } from '@tanstack/react-query';
import { Suspense } from 'react';
import { EmptyState } from '@/components/ui/empty-state';
import { Spinner } from '@/components/ui/spinner';
import { isApiError } from '@/lib/api/api-error';
import { lazyPart } from '@/lib/lazy-part';
import { listErrorText, projectionDetailQuery } from '../api/projections-api';

/**
 * A projection's view and the all-projections comparison bring the projection engine, exact
 * decimals and the virtualised sell table; they are drawn once the projections have arrived, so
 * they load beside those requests rather than before the page paints (to keep the page's first load within the route budget).
 * Until both are here the page shows the loading line it shows for the request.
 */
export const projectionView = lazyPart(
  () => import('./projection-view'),
  (m) => m.ProjectionView,
);
export const allProjectionsView = lazyPart(
  () => import('./all-projections-view'),
  (m) => m.AllProjectionsView,
);
const loadingProjection = <Spinner label="Loading projection…" />;
export const loadingProjections = <Spinner label="Loading projections…" />;

/** One projection's page: its detail, once here, drawn by the lazily loaded view. */
export function ProjectionDetail({ id }: { id: string }) {
  const detail = useQuery({ ...projectionDetailQuery(id), meta: { silent: true } });
  if (detail.isPending) return loadingProjection;
  if (detail.isError) {
    const gone = isApiError(detail.error) && detail.error.status === 404;
    return (
      <EmptyState title={gone ? 'Projection not found' : 'The projection could not be loaded'}>
        {gone ? 'It may have been deleted.' : listErrorText(detail.error)}
      </EmptyState>
    );
  }
  return (
    <Suspense fallback={loadingProjection}>
      <projectionView.Component key={id} projectionId={id} detail={detail.data} />
    </Suspense>
  );
}
