// Loaded by watchlists-api.ts with its first request (so zod is not in the terminal's first paint).
export { watchlistItemSchema, watchlistListSchema, watchlistSchema } from '@app/contracts';
