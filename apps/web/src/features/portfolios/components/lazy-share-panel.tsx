import { type ComponentProps, lazy, Suspense } from 'react';
import { Spinner } from '@/components/ui/spinner';

const Panel = lazy(() => import('./share-panel').then((m) => ({ default: m.SharePanel })));

/** The sharing panel loads when its owner opens it, like the import: most visits never do. */
export function LazySharePanel(props: ComponentProps<typeof Panel>) {
  return (
    <Suspense fallback={<Spinner label="Opening sharing" className="mt-4" />}>
      <Panel {...props} />
    </Suspense>
  );
}
