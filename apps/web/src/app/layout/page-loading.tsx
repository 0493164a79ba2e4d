import { useLayoutEffect, useRef, useState } from 'react';
import { Spinner } from '@/components/ui/spinner';
import { paintedHeadingCopy } from '@/lib/painted-page-frame';

/**
 * What the layout shows while a page's code loads. While the heading the server painted is on
 * screen (lib/painted-page-frame), the spinner sits below an invisible copy of it: drawn at the
 * top, its label ran through the painted heading, which stays until the page draws its own
 * (issue 15).
 */
export function PageLoading() {
  const room = useRef<HTMLDivElement>(null);
  const [heading] = useState(paintedHeadingCopy);
  useLayoutEffect(() => {
    if (heading) room.current?.replaceChildren(heading);
  }, [heading]);
  return (
    <>
      {heading && <div ref={room} className="invisible" aria-hidden="true" />}
      <Spinner label="Loading…" className="p-6" />
    </>
  );
}
