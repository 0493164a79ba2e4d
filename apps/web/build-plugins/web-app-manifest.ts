import type { ManifestOptions } from 'vite-plugin-pwa';

/** Installs as an app on a phone: standalone window, the dark theme's colours, local icons only. */
export const webAppManifest: Partial<ManifestOptions> = {
  id: '/',
  name: 'Exit Liquidity',
  short_name: 'Exit Liquidity',
  description: 'Self-hostable crypto portfolio tracker and exit planner.',
  start_url: '/',
  scope: '/',
  display: 'standalone',
  background_color: '#0b0f17',
  theme_color: '#0b0f17',
  icons: [
    { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
    { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
    { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
  ],
};
