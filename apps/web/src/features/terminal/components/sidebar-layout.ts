/** The terminal's side column and its panels, shared by the column and its loading placeholder. */
export const sidebarClass = 'grid min-w-0 content-start gap-4 md:grid-cols-2 2xl:grid-cols-1';

export const sidebarPanels = [
  { title: 'Watchlists', loading: 'Loading watchlists…' },
  { title: 'Market breadth', loading: 'Loading market breadth…' },
  { title: 'Trending', loading: 'Loading trending coins…' },
  { title: 'Top performers (24h)', loading: 'Loading top performers…' },
] as const;
