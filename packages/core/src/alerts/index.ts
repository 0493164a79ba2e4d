export * from './decide.ts';
export * from './describe.ts';
export * from './evaluate.ts';
export * from './series.ts';
export * from './snapshot.ts';
