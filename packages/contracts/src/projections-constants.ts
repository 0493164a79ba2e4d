// projections's constants without its schemas: a page reading one of them does not bring the
// schemas and zod along (the browser build places a contract file whole).

/** Product limits and our storage bounds (NUMERIC columns, ladder rungs, a sane list size). */
export const projectionLimits = {
  coinsDecimals: 8,
  circulatingSupplyDecimals: 2,
  maxFractionDigits: 18,
  maxIntegerDigits: 24,
  percentMax: 100,
  nameMax: 100,
  descriptionMax: 2000,
  coinTextMax: 200,
  imageMax: 2048,
  maxTransactions: 1000,
  ladderRungsMax: 100,
} as const;

/** API paths under the `/api` base. */
export const projectionRoutes = {
  base: '/v2/projections/exit-strategy/',
  one: (id: string) => `/v2/projections/exit-strategy/${encodeURIComponent(id)}/`,
  portfolioData: '/v2/projections/exit-strategy/portfolio-data/',
  calculate: '/v2/projections/exit-strategy/calculate/',
  calculateComprehensive: '/v2/projections/exit-strategy/calculate-comprehensive/',
  transactions: (id: string) => `/v2/projections/exit-strategy/${encodeURIComponent(id)}/transactions/`,
  replaceTransactions: (id: string) =>
    `/v2/projections/exit-strategy/${encodeURIComponent(id)}/transactions/replace/`,
  transaction: (id: string, txId: string) =>
    `/v2/projections/exit-strategy/${encodeURIComponent(id)}/transactions/${encodeURIComponent(txId)}/`,
  calculateWithTransactions: (id: string) =>
    `/v2/projections/exit-strategy/${encodeURIComponent(id)}/calculate-with-transactions/`,
} as const;
