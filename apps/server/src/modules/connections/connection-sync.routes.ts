import {
  apiBase,
  connectionIdParamsSchema,
  connectionReconciliationSchema,
  connectionSchema,
  connectionSyncRoutes,
  connectionTokenListSchema,
  connectionTokenParamsSchema,
  connectionTokenSchema,
  connectionTokenUpdateBodySchema,
  connectionTransactionsQuerySchema,
  transactionClassifyBodySchema,
  transactionIdParamsSchema,
  transactionListResponseSchema,
  transactionSchema,
} from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireUser } from '../../plugins/sessions.ts';
import type { Classifier } from './classify.ts';
import type { TokenService } from './connection-tokens.ts';
import type { SyncService } from './sync.service.ts';
import type { SyncRunner } from './sync-runner.ts';

/**
 * A connection's sync as the owner sees it: start one now, reconcile, list and map unknown
 * tokens, and say what a received or sent row was. An explorer's failure never answers here: a
 * sync runs as a job and records its failure on the connection.
 */
export async function registerConnectionSyncRoutes(
  app: FastifyInstance,
  deps: { sync: SyncService; tokens: TokenService; classifier: Classifier; runner: SyncRunner },
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const path = (route: keyof typeof connectionSyncRoutes) => `${apiBase}${connectionSyncRoutes[route]}`;

  r.post(
    path('sync'),
    {
      config: { auth: 'user' },
      schema: { params: connectionIdParamsSchema, response: { 202: connectionSchema } },
    },
    async (request, reply) => {
      const { user } = requireUser(request);
      const connection = await deps.sync.syncNow(user.id, request.params.id);
      reply.code(202);
      return connection;
    },
  );
  r.get(
    path('reconciliation'),
    {
      config: { auth: 'user' },
      schema: { params: connectionIdParamsSchema, response: { 200: connectionReconciliationSchema } },
    },
    async (request) => {
      const { user } = requireUser(request);
      return deps.sync.reconciliation(user.id, request.params.id);
    },
  );
  r.get(
    path('transactions'),
    {
      config: { auth: 'user' },
      schema: {
        params: connectionIdParamsSchema,
        querystring: connectionTransactionsQuerySchema,
        response: { 200: transactionListResponseSchema },
      },
    },
    async (request) => {
      const { user } = requireUser(request);
      return deps.sync.transactions(user.id, request.params.id, request.query);
    },
  );
  r.get(
    path('tokens'),
    {
      config: { auth: 'user' },
      schema: { params: connectionIdParamsSchema, response: { 200: connectionTokenListSchema } },
    },
    async (request) => {
      const { user } = requireUser(request);
      const results = await deps.tokens.list(user.id, request.params.id);
      return { results, count: results.length };
    },
  );
  r.patch(
    path('token'),
    {
      config: { auth: 'user' },
      schema: {
        params: connectionTokenParamsSchema,
        body: connectionTokenUpdateBodySchema,
        response: { 200: connectionTokenSchema },
      },
    },
    async (request) => {
      const { user } = requireUser(request);
      const { id, tokenId } = request.params;
      const { token, mapped } = await deps.tokens.update(user.id, id, tokenId, request.body);
      // The chain's balance of the newly mapped coin is read by the next sync: ask for it now.
      if (mapped) await deps.runner.request(id);
      return token;
    },
  );
  r.post(
    path('classify'),
    {
      config: { auth: 'user' },
      schema: {
        params: transactionIdParamsSchema,
        body: transactionClassifyBodySchema,
        response: { 200: transactionSchema },
      },
    },
    async (request) => {
      const { user } = requireUser(request);
      return deps.classifier.classify(user.id, request.params.id, request.body);
    },
  );
}
