/**
 * The heading and description of the signed-in pages the server can paint before the app starts
 * (lib/painted-page-frame): the pages draw them from here too, so both always say the same.
 */
export const pageHeaders = {
  '/dashboard': {
    title: 'Metrics',
    description: 'Holdings, returns, capital invested and cost basis across your portfolios.',
  },
  '/projections': {
    title: 'Projections',
    description: 'Plan exits per coin: sell ladders, fees, price impact and sell tax.',
  },
  '/transactions': {
    title: 'Transactions',
    description: 'Buys, sells, transfers and rewards. Every figure is computed from these.',
  },
  '/insights': {
    title: 'Oracle',
    description: 'Insights computed from your own numbers, each with the figures and formula behind it.',
  },
  '/portfolios': {
    title: 'Portfolios',
    description: "Group holdings and follow each portfolio's value and exact P&L.",
  },
} as const satisfies Record<string, { title: string; description: string }>;

export type FramedPath = keyof typeof pageHeaders;
