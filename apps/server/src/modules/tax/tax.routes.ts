import {
  apiBase,
  lotsQuerySchema,
  lotsViewSchema,
  projectionIdParamsSchema,
  projectionTaxLinkBodySchema,
  projectionTaxResponseSchema,
  returnsQuerySchema,
  returnsResponseSchema,
  taxReportCsvQuerySchema,
  taxReportQuerySchema,
  taxReportResponseSchema,
  taxRoutes,
  taxSettingsSchema,
  updateTaxSettingsSchema,
} from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireUser } from '../../plugins/sessions.ts';
import type { ProjectionTaxService } from './projection-tax.service.ts';
import type { ReturnsService } from './returns.service.ts';
import type { TaxService } from './tax.service.ts';

/**
 * The report (thousands of lines at 10k transactions), the lots and the returns skip re-validating
 * our own output against the contract on every request, like the dashboard: the handlers' return
 * types are checked against the same schemas at compile time, and tax.test.ts parses every
 * response with them.
 */
const plainJson = () => (data: unknown) => JSON.stringify(data);

/**
 * The report service hands back the same frozen-by-convention object for the same computation and
 * options (tax.service memo), so its JSON (large for a long history) is written once per object,
 * not on every warm request. Keyed by identity: a new computation is a new object.
 */
const reportJson = () => {
  const written = new WeakMap<object, string>();
  return (data: unknown) => {
    if (typeof data !== 'object' || data === null) return JSON.stringify(data);
    const hit = written.get(data);
    if (hit !== undefined) return hit;
    const text = JSON.stringify(data);
    written.set(data, text);
    return text;
  };
};

export async function registerTaxRoutes(
  app: FastifyInstance,
  deps: { tax: TaxService; returns: ReturnsService; projections: ProjectionTaxService },
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    `${apiBase}${taxRoutes.settings}`,
    { config: { auth: 'user' }, schema: { response: { 200: taxSettingsSchema } } },
    async (request) => {
      const { user } = requireUser(request);
      return deps.tax.settings(user.id);
    },
  );

  r.patch(
    `${apiBase}${taxRoutes.settings}`,
    {
      config: { auth: 'user' },
      schema: { body: updateTaxSettingsSchema, response: { 200: taxSettingsSchema } },
    },
    async (request) => {
      const { user } = requireUser(request);
      return deps.tax.updateSettings(user.id, request.body);
    },
  );

  r.get(
    `${apiBase}${taxRoutes.lots}`,
    {
      config: { auth: 'user' },
      schema: { querystring: lotsQuerySchema, response: { 200: lotsViewSchema } },
      serializerCompiler: plainJson,
    },
    async (request) => {
      const { user } = requireUser(request);
      return deps.tax.lots(user.id, request.query);
    },
  );

  r.get(
    `${apiBase}${taxRoutes.report}`,
    {
      config: { auth: 'user' },
      schema: { querystring: taxReportQuerySchema, response: { 200: taxReportResponseSchema } },
      serializerCompiler: reportJson,
    },
    async (request) => {
      const { user } = requireUser(request);
      return deps.tax.report(user.id, request.query);
    },
  );

  r.get(
    `${apiBase}${taxRoutes.reportCsv}`,
    {
      config: { auth: 'user', produces: { type: 'text/csv' } },
      schema: { querystring: taxReportCsvQuerySchema },
    },
    async (request, reply) => {
      const { user } = requireUser(request);
      const { filename, body } = await deps.tax.reportCsv(user.id, request.query);
      reply.header('content-type', 'text/csv; charset=utf-8');
      reply.header('content-disposition', `attachment; filename="${filename}"`);
      reply.header('cache-control', 'no-store');
      return body;
    },
  );

  r.get(
    `${apiBase}${taxRoutes.returns}`,
    {
      config: { auth: 'user' },
      schema: { querystring: returnsQuerySchema, response: { 200: returnsResponseSchema } },
      serializerCompiler: plainJson,
    },
    async (request) => {
      const { user } = requireUser(request);
      return deps.returns.returns(user.id, request.query);
    },
  );

  const planPath = `${apiBase}${taxRoutes.projectionTax(':id')}`;
  const params = projectionIdParamsSchema;
  r.get(
    planPath,
    { config: { auth: 'user' }, schema: { params, response: { 200: projectionTaxResponseSchema } } },
    async (request) => {
      const { user } = requireUser(request);
      return deps.projections.get(user.id, request.params.id);
    },
  );
  r.put(
    planPath,
    {
      config: { auth: 'user' },
      schema: { params, body: projectionTaxLinkBodySchema, response: { 200: projectionTaxResponseSchema } },
    },
    async (request) => {
      const { user } = requireUser(request);
      return deps.projections.link(user.id, request.params.id, request.body);
    },
  );
}
