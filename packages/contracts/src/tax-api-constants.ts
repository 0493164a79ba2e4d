// tax-api's constants without its schemas: a page reading one of them does not bring the
// schemas and zod along (the browser build places a contract file whole).

export const taxRoutes = {
  settings: '/v2/tax/settings/',
  /** The settings by tax year; POST adds a change from a year. */
  history: '/v2/tax/history/',
  /** DELETE removes the latest change. */
  historyLatest: '/v2/tax/history/latest/',
  lots: '/v2/tax/lots/',
  report: '/v2/tax/report/',
  reportCsv: '/v2/tax/report/csv/',
  whatIf: '/v2/tax/what-if/',
  /** Per-portfolio lots (US): the allocation of the 2024 lots; PUT confirms it, DELETE goes back to the proposal. */
  walletAllocation: '/v2/tax/wallet-allocation/',
  returns: '/v2/returns/',
  projectionTax: (id: string) => `/v2/projections/exit-strategy/${id}/tax/`,
} as const;

export const returnDefinitions = {
  simple:
    'Simple return: what you gained (end value plus money taken out, minus start value and money put in) divided by the start value plus the money put in.',
  twr: 'Time-weighted return: how one unit invested at the start would have grown, chaining each day’s return so the timing and size of your deposits and withdrawals do not change it.',
  mwr: 'Money-weighted return (XIRR): the yearly rate at which everything you put in and took out, plus what you hold at the end, balances to zero, so it rewards money added before rises.',
} as const;
