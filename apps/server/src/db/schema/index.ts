// One file per area; drizzle-kit reads this folder. Add a line per new area file.
export * from './auth.ts';
