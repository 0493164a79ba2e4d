import { useLayoutEffect, useRef } from 'react';
import { paintedPageFramePicture } from '@/lib/painted-page-frame';

/**
 * The server's painted page heading as the loading floor shows it (lib/painted-page-frame): the
 * floor lies over the painted one for its first 500 ms, so it carries a copy in the same place.
 */
export function PaintedPageFramePicture() {
  const holder = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const copy = paintedPageFramePicture();
    if (copy) holder.current?.replaceChildren(copy);
  }, []);
  return <div ref={holder} />;
}
