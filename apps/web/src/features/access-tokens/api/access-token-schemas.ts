// The schemas of the API access page, loaded with its first request in their own chunk, so zod
// stays out of the page's first load: its answers' schemas, and the create body's checks.
export {
  accessTokenCreatedSchema,
  accessTokenCreateSchema,
  accessTokenListSchema,
  accessTokenUsesSchema,
  portfolioListResponseSchema,
} from '@app/contracts';
