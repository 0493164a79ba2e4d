import { useLayoutEffect } from 'react';
import { LoadingScreen } from '@/components/ui/loading-screen';
import { PaintedDemoBanner, removePaintedDemoBanner } from './market-mode-banner';

/**
 * The loading screen of a signed-in page, below the room of the demo banner the server painted
 * (when it did). The painted banner stays on screen while this does; whatever replaces it (the
 * layout with its own banner, the sign-in page) draws in the same commit that removes it, so the
 * banner never flashes.
 */
export function ShellLoadingScreen() {
  useLayoutEffect(() => removePaintedDemoBanner, []);
  return (
    <>
      <PaintedDemoBanner as="room" />
      <LoadingScreen />
    </>
  );
}
