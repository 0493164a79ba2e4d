import { portfolioRoutes, projectionRoutes, settingsRoutes } from '@app/contracts';
import type { FramedPath } from './page-headers';

/**
 * What a framed page asks the API for before it can draw its first content, which the page's
 * shell asks for as the HTML arrives: the page's own request then takes the answer
 * already on its way, instead of going out only once the session check, the layout and the page
 * have run. Only the server's shell for a verified session carries these (apps/server
 * static-web), so they are never asked for without one. Each must be the page's exact request
 * (the same URL, credentials included), or the browser asks twice; the settings (base currency)
 * are every page's.
 */
export const pageDataPreloads: Record<FramedPath, readonly string[]> = {
  '/dashboard': [settingsRoutes.settings, portfolioRoutes.portfolios],
  '/projections': [settingsRoutes.settings, projectionRoutes.base],
  '/transactions': [settingsRoutes.settings],
  '/insights': [settingsRoutes.settings],
  '/portfolios': [settingsRoutes.settings, portfolioRoutes.portfolios],
};
