import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { Mailer } from '../../integrations/mail/index.ts';
import type { Clock } from '../../lib/clock.ts';
import type { CsrfOptions } from '../../plugins/csrf.ts';
import type { RateLimits } from '../../plugins/rate-limit.ts';
import type { SessionCookieOptions } from '../../plugins/sessions.ts';
import { registerAccountDataRoutes } from './account-data.routes.ts';
import { registerAccountDeletionRoutes } from './account-deletion.routes.ts';
import { createAccountDeletionService, type DeletionLogger } from './account-deletion.service.ts';
import { createAccountExportService } from './account-export.service.ts';
import { createAccountImportService, type ImportLimits } from './account-import.service.ts';

export interface AccountModuleDeps {
  db: Db;
  clock: Clock;
  /** The outbox mailer keeps copies of mail; a deleted account's go with it. */
  mailer: Mailer;
  logger: DeletionLogger;
  rateLimits: RateLimits;
  cookies: SessionCookieOptions;
  csrf: CsrfOptions;
  limits: ImportLimits;
}

/**
 * The account as a whole: deletion, and the export and import of everything in it. It reads and
 * writes every user table directly, so it sits above the modules that own them and none of them
 * depends on it.
 */
export async function registerAccountModule(
  api: FastifyInstance,
  deps: AccountModuleDeps,
): Promise<{ deleteAccountForAdministrator(userId: string): Promise<void> }> {
  const deletion = createAccountDeletionService(deps);
  await registerAccountDeletionRoutes(api, {
    deletion,
    rateLimits: deps.rateLimits,
    cookies: deps.cookies,
    csrf: deps.csrf,
  });
  await registerAccountDataRoutes(api, {
    exporter: createAccountExportService(deps),
    importer: createAccountImportService(deps),
  });
  return { deleteAccountForAdministrator: (userId) => deletion.deleteAccountForAdministrator(userId) };
}
