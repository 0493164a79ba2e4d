/** What the product does, in the order a new visitor meets it. No invented figures. */
export const landingFeatures = [
  {
    title: 'Market terminal',
    body: 'Search coins, keep watchlists and read market breadth at a glance, with favourites and your own base currency.',
  },
  {
    title: 'Portfolios with exact P&L',
    body: 'Record buys, sells and transfers. Realised and unrealised profit are computed with exact decimal arithmetic and the cost-basis method you choose.',
  },
  {
    title: 'Metrics dashboard',
    body: 'Holdings, returns, capital invested and cost basis per coin, for one portfolio or all of them.',
  },
  {
    title: 'Exit-strategy projections',
    body: 'Plan a sell ladder per coin and see what you actually take home after fees, price impact and sell tax.',
  },
  {
    title: 'Price and indicator alerts',
    body: 'Alert on price, RSI, EMA, SMA or MACD crossing a level, and get notified live in the app.',
  },
  {
    title: 'Oracle insights',
    body: 'Plain-language insights drawn from your own portfolio analytics, optionally with a language model you configure.',
  },
] as const;
