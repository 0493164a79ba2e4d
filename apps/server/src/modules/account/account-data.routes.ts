import {
  accountDataMessages,
  accountExportSchema,
  accountImportMaxBytes,
  accountImportResultSchema,
  accountRoutes,
  accountSummarySchema,
  apiBase,
  errorCodes,
} from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { handleError, sendError } from '../../plugins/errors.ts';
import { requireUser } from '../../plugins/sessions.ts';
import type { AccountExportService } from './account-export.service.ts';
import type { AccountImportService } from './account-import.service.ts';

export interface AccountDataRouteDeps {
  exporter: AccountExportService;
  importer: AccountImportService;
}

/**
 * The whole account to a file and back. Closed to personal access tokens: a token is given to a
 * script for some portfolios or some writes, never for everything the account holds at once.
 */
export async function registerAccountDataRoutes(
  app: FastifyInstance,
  deps: AccountDataRouteDeps,
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    `${apiBase}${accountRoutes.summary}`,
    { config: { auth: 'user', token: 'never' }, schema: { response: { 200: accountSummarySchema } } },
    async (request) => deps.importer.summary(requireUser(request).user.id),
  );

  r.get(
    `${apiBase}${accountRoutes.export}`,
    { config: { auth: 'user', token: 'never' }, schema: { response: { 200: accountExportSchema } } },
    async (request, reply) => {
      const { user } = requireUser(request);
      const file = await deps.exporter.exportAccount(user.id);
      const day = file.exported_at.slice(0, 10);
      reply.header('content-disposition', `attachment; filename="exit-liquidity-account-${day}.json"`);
      reply.header('cache-control', 'no-store');
      return file;
    },
  );

  r.post(
    `${apiBase}${accountRoutes.import}`,
    {
      bodyLimit: accountImportMaxBytes,
      config: { auth: 'user', token: 'never' },
      // The file is checked by the service, format and version first, so a foreign file is told
      // what it is rather than listed field by field.
      schema: { body: z.unknown(), response: { 200: accountImportResultSchema } },
      errorHandler: (error, request, reply) => {
        if (error.code !== 'FST_ERR_CTP_BODY_TOO_LARGE') return handleError(error, request, reply);
        return sendError(
          reply,
          new AppError({
            code: errorCodes.payloadTooLarge,
            message: accountDataMessages.tooLarge,
            details: { limit_bytes: accountImportMaxBytes },
          }),
        );
      },
    },
    async (request) => deps.importer.importAccount(requireUser(request).user.id, request.body),
  );
}
