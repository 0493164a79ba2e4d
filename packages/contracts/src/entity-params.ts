import { z } from 'zod';
import { alertMessages } from './alerts.ts';
import { marketMessages } from './market-options.ts';
import { deliveryMessages } from './notification-delivery.ts';
import { portfolioMessages } from './portfolio-api-constants.ts';

/**
 * Path ids are parsed once, by the route's `schema.params`, never by handlers.
 * A stored row's id that is not a UUID names no row: the API scope answers it as that row's
 * 404 (the message below), not as a 400, so a caller cannot tell "malformed" from "someone
 * else's". Any other failure of a params schema (a length cap, say) stays a 400 field error.
 */
export const idNotFoundMessages = {
  projection: 'Projection not found.',
  projectionTransaction: 'Sell transaction not found.',
} as const;

/** A stored row's id; its only error message is the row's "not found" message. */
export function storedIdSchema(notFoundMessage: string) {
  return z.uuid({ error: notFoundMessage });
}

/** True for the one issue a stored id's schema raises for a malformed id (see storedIdSchema). */
export function isMalformedStoredId(issue: { code?: string; keyword?: string; format?: unknown }): boolean {
  return (issue.code ?? issue.keyword) === 'invalid_format' && issue.format === 'uuid';
}

export const portfolioIdParamsSchema = z.object({ id: storedIdSchema(portfolioMessages.portfolioNotFound) });
export const transactionIdParamsSchema = z.object({
  id: storedIdSchema(portfolioMessages.transactionNotFound),
});
/** Projection ids keep their 100-character cap: a longer one is a 400 field error. */
const projectionId = storedIdSchema(idNotFoundMessages.projection).max(100);
export const projectionIdParamsSchema = z.object({ id: projectionId });
export const projectionTransactionParamsSchema = z.object({
  id: projectionId,
  txId: storedIdSchema(idNotFoundMessages.projectionTransaction).max(100),
});
export const alertIdParamsSchema = z.object({ id: storedIdSchema(alertMessages.alertNotFound) });
export const watchlistIdParamsSchema = z.object({ id: storedIdSchema(marketMessages.watchlistNotFound) });
export const watchlistItemIdParamsSchema = z.object({
  id: storedIdSchema(marketMessages.watchlistItemNotFound),
});
/**
 * A coin id in the path (market details, social, chart, terminal OHLC). Blank after trimming is
 * the "Required ids" 400, whose message the envelope carries word for word (see
 * requiredIdMessages); any other failure (a length cap) is a plain field error.
 */
export const coinIdParamsSchema = z.object({
  id: z.string().trim().min(1, marketMessages.coinIdRequired).max(200),
});
/** Required ids: when a params or query schema raises one, it is the envelope's message. */
export const requiredIdMessages: ReadonlySet<string> = new Set([
  marketMessages.coinIdRequired,
  marketMessages.idRequired,
  marketMessages.symbolRequired,
]);
export const channelIdParamsSchema = z.object({ id: storedIdSchema(deliveryMessages.channelNotFound) });
export const deliveryIdParamsSchema = z.object({ id: storedIdSchema(deliveryMessages.deliveryNotFound) });
