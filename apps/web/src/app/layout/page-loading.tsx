import { NodeCopy } from '@/components/ui/node-copy';
import { Spinner } from '@/components/ui/spinner';
import { paintedHeadingCopy } from '@/lib/painted-page-frame';

/**
 * What the layout shows while a page's code loads. While the heading the server painted is on
 * screen (lib/painted-page-frame), the spinner sits below an invisible copy of it: drawn at the
 * top, its label ran through the painted heading, which stays until the page draws its own.
 */
export function PageLoading() {
  return (
    <>
      <NodeCopy take={paintedHeadingCopy} className="invisible" />
      <Spinner label="Loading…" className="p-6" />
    </>
  );
}
