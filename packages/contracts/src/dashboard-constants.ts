// dashboard's constants without its schemas: a page reading one of them does not bring the
// schemas and zod along (the browser build places a contract file whole).

export const dashboardMetrics = ['holdings', 'roi', 'capital', 'cost_basis', 'positions'] as const;

export const returnTypes = ['total', 'unrealized', 'realized'] as const;

export type DashboardReturnType = (typeof returnTypes)[number];
