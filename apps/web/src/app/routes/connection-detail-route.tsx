import { useParams } from 'react-router';
import { ConnectionPage } from '@/features/connections/connection-page';

/** /settings/connections/{id}: one wallet connection. */
export function ConnectionDetailRoute() {
  const { id = '' } = useParams();
  return <ConnectionPage connectionId={id} />;
}
