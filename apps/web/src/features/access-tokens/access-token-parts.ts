/*
 * Everything of the API access page that is not its first paint, as one chunk: the schemas of its
 * answers and of the create body (it loads beside the first request), the token cards and the
 * notice that shows a new token.
 */
export * from './api/access-token-schemas';
export { CreatedTokenNotice } from './components/created-token-notice';
export { TokenCards } from './components/token-cards';
