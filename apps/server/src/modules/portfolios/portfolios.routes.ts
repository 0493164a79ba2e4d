import {
  apiBase,
  importCommitBodySchema,
  importCommitResponseSchema,
  importPreviewBodySchema,
  importPreviewResponseSchema,
  portfolioCreateBodySchema,
  portfolioIdParamsSchema,
  portfolioListResponseSchema,
  portfolioRoutes,
  portfolioSchema,
  portfolioUpdateBodySchema,
  transactionListQuerySchema,
  transactionListResponseSchema,
} from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { readerLocale } from '../../lib/reader-locale.ts';
import { requireUser } from '../../plugins/sessions.ts';
import type { CsvImportService, TransactionsService } from '../transactions/index.ts';
import type { PortfoliosService } from './portfolios.service.ts';

const idParams = portfolioIdParamsSchema;

export async function registerPortfolioRoutes(
  app: FastifyInstance,
  deps: { portfolios: PortfoliosService; transactions: TransactionsService; csv: CsvImportService },
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const base = `${apiBase}${portfolioRoutes.portfolios}`;

  r.get(
    base,
    { config: { auth: 'user' }, schema: { response: { 200: portfolioListResponseSchema } } },
    async (request) => {
      const { user } = requireUser(request);
      return deps.portfolios.list(user.id);
    },
  );

  r.post(
    base,
    {
      config: { auth: 'user' },
      schema: { body: portfolioCreateBodySchema, response: { 201: portfolioSchema } },
    },
    async (request, reply) => {
      const { user } = requireUser(request);
      reply.code(201);
      return deps.portfolios.create(user.id, request.body);
    },
  );

  r.put(
    `${base}:id/`,
    {
      config: { auth: 'user' },
      schema: { params: idParams, body: portfolioUpdateBodySchema, response: { 200: portfolioSchema } },
    },
    async (request) => {
      const { user } = requireUser(request);
      return deps.portfolios.update(user.id, request.params.id, request.body);
    },
  );

  r.delete(
    `${base}:id/`,
    { config: { auth: 'user' }, schema: { params: idParams } },
    async (request, reply) => {
      const { user } = requireUser(request);
      await deps.portfolios.remove(user.id, request.params.id);
      return reply.code(204).send();
    },
  );

  r.get(
    `${base}:id/transactions/`,
    {
      config: { auth: 'user', shared: { access: 'read', from: 'params.id' } },
      schema: {
        params: idParams,
        querystring: transactionListQuerySchema.omit({ portfolio_id: true }),
        response: { 200: transactionListResponseSchema },
      },
    },
    async (request) => {
      const { user } = requireUser(request);
      const id = request.params.id;
      await deps.portfolios.assertOwned(user.id, id);
      return deps.transactions.list(
        user.id,
        { ...request.query, portfolio_id: id },
        `${apiBase}${portfolioRoutes.portfolioTransactions(id)}`,
      );
    },
  );

  r.post(
    `${base}:id/import/preview/`,
    {
      config: { auth: 'user', shared: { access: 'write', from: 'params.id' } },
      // A stated limit, not the default: the parser's 5,000,000 characters plus JSON overhead.
      bodyLimit: 6 * 1024 * 1024,
      schema: {
        params: idParams,
        body: importPreviewBodySchema,
        response: { 200: importPreviewResponseSchema },
      },
    },
    async (request) => {
      const { user } = requireUser(request);
      return deps.csv.preview(
        user.id,
        request.params.id,
        request.body,
        readerLocale(request.headers['accept-language']),
      );
    },
  );

  r.post(
    `${base}:id/import/commit/`,
    {
      config: { auth: 'user', shared: { access: 'write', from: 'params.id' } },
      bodyLimit: 16 * 1024 * 1024,
      schema: {
        params: idParams,
        body: importCommitBodySchema,
        response: { 200: importCommitResponseSchema },
      },
    },
    async (request) => {
      const { user } = requireUser(request);
      return deps.csv.commit(
        user.id,
        request.params.id,
        request.body,
        readerLocale(request.headers['accept-language']),
      );
    },
  );

  r.get(
    `${base}:id/export/`,
    {
      config: { auth: 'user', shared: { access: 'read', from: 'params.id' }, produces: { type: 'text/csv' } },
      schema: { params: idParams },
    },
    async (request, reply) => {
      const { user } = requireUser(request);
      const { filename, csv } = await deps.csv.exportCsv(user.id, request.params.id);
      reply.header('content-type', 'text/csv; charset=utf-8');
      reply.header('content-disposition', `attachment; filename="${filename}"`);
      reply.header('cache-control', 'no-store');
      return csv;
    },
  );
}
