import { paintedPageFramePicture } from '@/lib/painted-page-frame';
import { NodeCopy } from './node-copy';

/**
 * The server's painted page heading as the loading floor shows it (lib/painted-page-frame): the
 * floor lies over the painted one for its first 500 ms, so it carries a copy in the same place.
 */
export function PaintedPageFramePicture() {
  return <NodeCopy take={paintedPageFramePicture} />;
}
