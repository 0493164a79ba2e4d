// cost-basis's constants without its schemas: a page reading one of them does not bring the
// schemas and zod along (the browser build places a contract file whole).

export const costBasisMethods = ['average', 'fifo', 'lifo', 'hifo'] as const;

export type CostBasisMethod = (typeof costBasisMethods)[number];

/** Which row a refused write starves, for the words before the oversell (core's oversellLeads). */
export const oversellLeadKeys = ['self', 'later', 'delete', 'stored'] as const;
