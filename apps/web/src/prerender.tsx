import { renderToStaticMarkup } from 'react-dom/server';
import { DemoBanner, DemoBannerCopy, paintedDemoBannerAttribute } from '@/app/layout/market-mode-banner';

export { renderLanding } from '@/features/landing/prerender';

/**
 * The demo banner as the signed-in layout draws it, rendered once at build time
 * (build-plugins/prerender-html): `banner` lies over the top of the page, marked so the app
 * knows the server painted it, and `room` is the invisible copy at the top of #root below it.
 */
export function renderDemoBanner(): { banner: string; room: string } {
  return {
    banner: renderToStaticMarkup(
      <div {...{ [paintedDemoBannerAttribute]: '' }} className="absolute inset-x-0 top-0">
        <DemoBanner />
      </div>,
    ),
    room: renderToStaticMarkup(<DemoBannerCopy invisible />),
  };
}
