import { z } from 'zod';
import { storedIdSchema } from './entity-params.ts';

/** Connection paths, relative to the `/api` base. */
export const connectionRoutes = { list: '/v2/connections/' } as const;

export const connectionApiMessages = {
  notFound: 'Connection not found',
  duplicate: 'This wallet is already connected to this portfolio.',
  duplicateExchangeKey: 'This key is already connected to this portfolio.',
  exchangesOff: 'Exchange connections are not available on this server.',
  deleteChoice: 'Say whether to keep or remove the transactions this connection brought.',
} as const;

export const connectionIdParamsSchema = z.object({ id: storedIdSchema(connectionApiMessages.notFound) });

/**
 * Deleting a connection asks what becomes of the rows it brought: kept (they stay in the
 * portfolio as if typed by hand, and a new connection of the same wallet would bring them again)
 * or removed with it. There is no default: either one surprises someone.
 */
export const connectionDeleteQuerySchema = z.object({
  transactions: z.enum(['keep', 'remove'], { error: connectionApiMessages.deleteChoice }),
});
export type ConnectionDeleteQuery = z.infer<typeof connectionDeleteQuerySchema>;
