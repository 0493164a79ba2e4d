// insights's constants without its schemas: a page reading one of them does not bring the
// schemas and zod along (the browser build places a contract file whole).

export const insightsRoutes = {
  list: '/v2/insights/',
  explain: '/v2/insights/:kind/explain/',
  narrate: '/v2/insights/narrate/',
  narratePrompt: '/v2/insights/narrate/prompt/',
  narrateConsent: '/v2/insights/narrate/consent/',
  targets: '/v2/insights/targets/',
  settings: '/v2/insights/settings/',
} as const;

export const insightKinds = [
  'concentration',
  'allocation_drift',
  'lot_pnl',
  'exit_plan',
  'volatility',
  'stress',
  'fee_drag',
  'stablecoin_share',
  'alerts',
  'data_health',
  'tax_timing',
] as const;

export type InsightKind = (typeof insightKinds)[number];

/** Most urgent first; the feed is ranked by this order, then by kind order. */
export const insightSeverities = ['critical', 'warning', 'notice', 'info'] as const;

export type InsightSeverity = (typeof insightSeverities)[number];
