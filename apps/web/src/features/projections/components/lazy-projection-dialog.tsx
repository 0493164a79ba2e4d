import { type ComponentProps, lazy, Suspense } from 'react';

const Dialog = lazy(() => import('./projection-dialog').then((m) => ({ default: m.ProjectionDialog })));

/**
 * The projection dialog (form, coin picker, validation) loads when it is opened, so the
 * projections page's first load leaves it out (to keep the page's first load within the route budget). No fallback: the page
 * stays as it is for the moment the chunk takes, then the dialog opens over it.
 */
export function LazyProjectionDialog(props: ComponentProps<typeof Dialog>) {
  return (
    <Suspense fallback={null}>
      <Dialog {...props} />
    </Suspense>
  );
}
