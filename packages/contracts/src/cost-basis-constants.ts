// cost-basis's constants without its schemas: a page reading one of them does not bring the
// schemas and zod along (the browser build places a contract file whole; issue 15).

export const costBasisMethods = ['average', 'fifo', 'lifo', 'hifo'] as const;

export type CostBasisMethod = (typeof costBasisMethods)[number];
