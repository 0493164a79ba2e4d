import { lazyPart } from '@/lib/lazy-part';

/*
 * What the page draws only once an answer is in loads apart from its first JavaScript, in one
 * chunk with the answers' schemas (access-token-parts), so it travels beside the first request:
 * the token cards with their activity, and the notice with a new token.
 */
const load = () => import('../access-token-parts');

export const tokenCards = lazyPart(load, (m) => m.TokenCards);
export const createdTokenNotice = lazyPart(load, (m) => m.CreatedTokenNotice);
