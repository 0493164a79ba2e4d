import {
  apiBase,
  availableCryptocurrenciesQuerySchema,
  availableCryptocurrenciesResponseSchema,
  cryptoOptionsResponseSchema,
  portfolioRoutes,
  transactionCheckBodySchema,
  transactionCreateBodySchema,
  transactionIdParamsSchema,
  transactionListQuerySchema,
  transactionListResponseSchema,
  transactionOptionsSchema,
  transactionPreviewResponseSchema,
  transactionSchema,
  transactionUpdateBodySchema,
  transactionValidateResponseSchema,
} from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { readerLocale } from '../../lib/reader-locale.ts';
import { requireUser } from '../../plugins/sessions.ts';
import type { TransactionOptionsService } from './transaction-options.service.ts';
import type { TransactionsService } from './transactions.service.ts';

const idParams = transactionIdParamsSchema;

export async function registerTransactionRoutes(
  app: FastifyInstance,
  deps: { transactions: TransactionsService; options: TransactionOptionsService },
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const base = `${apiBase}${portfolioRoutes.transactions}`;

  r.get(
    base,
    {
      config: { auth: 'user', shared: { access: 'read', from: 'query.portfolio_id' } },
      schema: { querystring: transactionListQuerySchema, response: { 200: transactionListResponseSchema } },
    },
    async (request) => {
      const { user } = requireUser(request);
      return deps.transactions.list(user.id, request.query, base);
    },
  );

  r.post(
    base,
    {
      config: {
        auth: 'user',
        shared: { access: 'write', from: 'body.portfolio_id' },
        token: 'write:transactions',
      },
      schema: { body: transactionCreateBodySchema, response: { 201: transactionSchema } },
    },
    async (request, reply) => {
      const { user } = requireUser(request);
      reply.code(201);
      return deps.transactions.create(
        user.id,
        request.body,
        readerLocale(request.headers['accept-language']),
      );
    },
  );

  // Static segments are registered before `:id/` so they never match as an id.
  r.get(
    `${base}options/`,
    { config: { auth: 'user' }, schema: { response: { 200: transactionOptionsSchema } } },
    async (request) => {
      const { user } = requireUser(request);
      return deps.options.options(user.id);
    },
  );

  r.get(
    `${base}crypto_options/`,
    { config: { auth: 'user' }, schema: { response: { 200: cryptoOptionsResponseSchema } } },
    async (request) => {
      const { user } = requireUser(request);
      return deps.options.cryptoOptions(user.id);
    },
  );

  r.get(
    `${base}available-cryptocurrencies/`,
    {
      config: { auth: 'user', shared: { access: 'read', from: 'query.portfolio_id' } },
      schema: {
        querystring: availableCryptocurrenciesQuerySchema,
        response: { 200: availableCryptocurrenciesResponseSchema },
      },
    },
    async (request) => {
      const { user } = requireUser(request);
      return deps.options.available(user.id, request.query.portfolio_id);
    },
  );

  r.post(
    `${base}validate/`,
    {
      config: { auth: 'user', shared: { access: 'write', from: 'body.portfolio_id' }, token: 'read' },
      schema: { body: transactionCheckBodySchema, response: { 200: transactionValidateResponseSchema } },
    },
    async (request) => {
      const { user } = requireUser(request);
      return deps.transactions.validate(
        user.id,
        request.body,
        readerLocale(request.headers['accept-language']),
      );
    },
  );

  r.post(
    `${base}preview/`,
    {
      config: { auth: 'user', shared: { access: 'write', from: 'body.portfolio_id' }, token: 'read' },
      schema: { body: transactionCheckBodySchema, response: { 200: transactionPreviewResponseSchema } },
    },
    async (request) => {
      const { user } = requireUser(request);
      return deps.transactions.preview(
        user.id,
        request.body,
        readerLocale(request.headers['accept-language']),
      );
    },
  );

  r.get(
    `${base}:id/`,
    {
      config: { auth: 'user', shared: { access: 'read', from: 'transaction' } },
      schema: { params: idParams, response: { 200: transactionSchema } },
    },
    async (request) => {
      const { user } = requireUser(request);
      return deps.transactions.get(user.id, request.params.id);
    },
  );

  r.put(
    `${base}:id/`,
    {
      config: { auth: 'user', shared: { access: 'write', from: 'transaction' }, token: 'write:transactions' },
      schema: { params: idParams, body: transactionUpdateBodySchema, response: { 200: transactionSchema } },
    },
    async (request) => {
      const { user } = requireUser(request);
      return deps.transactions.update(
        user.id,
        request.params.id,
        request.body,
        readerLocale(request.headers['accept-language']),
      );
    },
  );

  r.delete(
    `${base}:id/`,
    {
      config: { auth: 'user', shared: { access: 'write', from: 'transaction' }, token: 'write:transactions' },
      schema: { params: idParams },
    },
    async (request, reply) => {
      const { user } = requireUser(request);
      await deps.transactions.remove(
        user.id,
        request.params.id,
        readerLocale(request.headers['accept-language']),
      );
      return reply.code(204).send();
    },
  );
}
