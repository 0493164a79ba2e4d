import {
  type AccountExport,
  type AccountImportResult,
  type AccountSummary,
  accountDataMessages,
  accountExportFormat,
  accountExportSchema,
  accountExportVersion,
  accountImportMaxBytes,
  alertLimits,
  deliveryLimits,
  errorCodes,
  type FieldErrors,
} from '@app/contracts';
import type { Db } from '../../db/client.ts';
import { AppError, validationError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { lockAccount } from './account-deletion.repository.ts';
import { countAccountContents, hasEmailChannel, writeImport } from './account-import.repository.ts';
import { referenceProblems } from './import-checks.ts';
import { firstOversell } from './import-oversell.ts';
import { planImport } from './import-plan.ts';

/** The server's per-account limits an import must stay within, as any other write does. */
export interface ImportLimits {
  portfoliosPerUser: number;
  projectionsPerUser: number;
  watchlistsPerUser: number;
  transactionsPerPortfolio: number;
}

/** Issues shown per refused file: enough to find the place, not a wall of text. */
const issuesShown = 20;

const damaged = (fields: FieldErrors): AppError => validationError(fields, accountDataMessages.damaged);

/** Format and version first, so a file of another program gets words about that, not 500 field errors. */
function parseFile(body: unknown): AccountExport {
  const head = typeof body === 'object' && body !== null && !Array.isArray(body) ? body : null;
  const format = head && 'format' in head ? head.format : undefined;
  if (format !== accountExportFormat) {
    throw validationError({ format: [accountDataMessages.notAnExport] }, accountDataMessages.notAnExport);
  }
  const version = head && 'version' in head ? head.version : undefined;
  if (version !== accountExportVersion) {
    const message = accountDataMessages.unknownVersion(version, accountExportVersion);
    throw validationError({ version: [message] }, message);
  }
  const parsed = accountExportSchema.safeParse(body);
  if (!parsed.success) {
    const fields: FieldErrors = {};
    for (const issue of parsed.error.issues.slice(0, issuesShown)) {
      const path = issue.path.map(String).join('.') || 'file';
      fields[path] = [...(fields[path] ?? []), issue.message];
    }
    throw damaged(fields);
  }
  return parsed.data;
}

function assertWithinLimits(file: AccountExport, limits: ImportLimits): void {
  const over = (what: string, n: number, limit: number, path: string) => {
    if (n <= limit) return;
    const message = accountDataMessages.overLimit(what, limit);
    throw validationError({ [path]: [message] }, message);
  };
  over('portfolios', file.portfolios.length, limits.portfoliosPerUser, 'portfolios');
  over('projections', file.projections.length, limits.projectionsPerUser, 'projections');
  over('watchlists', file.watchlists.length, limits.watchlistsPerUser, 'watchlists');
  over('alerts', file.alerts.length, alertLimits.perUser, 'alerts');
  over(
    'notification channels',
    file.notification_channels.length,
    deliveryLimits.channelsPerUser,
    'notification_channels',
  );
  const perPortfolio = new Map<string, number>();
  for (const t of file.transactions)
    perPortfolio.set(t.portfolio_id, (perPortfolio.get(t.portfolio_id) ?? 0) + 1);
  for (const n of perPortfolio.values()) {
    over('transactions in one portfolio', n, limits.transactionsPerPortfolio, 'transactions');
  }
}

/** PostgreSQL's integrity errors (class 23: unique, foreign key, check): a row the file should not hold. */
function isIntegrityError(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && typeof current === 'object' && current !== null; depth++) {
    if ('code' in current && typeof current.code === 'string' && current.code.startsWith('23')) return true;
    current = 'cause' in current ? current.cause : undefined;
  }
  return false;
}

/**
 * Whole-account import: a file of GET /v2/account/export/ into the signed-in account, which must
 * hold nothing yet (no portfolios, transactions, projections, alerts or watchlists). Everything is
 * checked before the first write, then written in one transaction: all of it or none.
 */
export function createAccountImportService(deps: { db: Db; clock: Clock; limits: ImportLimits }) {
  const { db } = deps;
  return {
    async summary(userId: string): Promise<AccountSummary> {
      const counts = await countAccountContents(db, userId);
      return {
        is_empty: Object.values(counts).every((n) => n === 0),
        counts,
        import_max_bytes: accountImportMaxBytes,
      };
    },

    async importAccount(userId: string, body: unknown): Promise<AccountImportResult> {
      const file = parseFile(body);
      const problems = referenceProblems(file);
      if (Object.keys(problems).length > 0) {
        throw damaged(Object.fromEntries(Object.entries(problems).slice(0, issuesShown)));
      }
      assertWithinLimits(file, deps.limits);
      const oversell = firstOversell(file);
      if (oversell) throw validationError({ transactions: [oversell] }, oversell);

      const plan = await db
        .transaction(async (tx) => {
          // The account's row is held: two imports at once, or an import beside a deletion, queue.
          if (!(await lockAccount(tx, userId))) {
            throw new AppError({ code: errorCodes.notFound, message: 'Not found.' });
          }
          const counts = await countAccountContents(tx, userId);
          if (Object.values(counts).some((n) => n > 0)) {
            throw new AppError({
              code: errorCodes.conflict,
              message: accountDataMessages.notEmpty,
              details: { counts },
            });
          }
          const planned = planImport(file, {
            userId,
            now: deps.clock(),
            hasEmailChannel: await hasEmailChannel(tx, userId),
          });
          await writeImport(tx, userId, planned);
          return planned;
        })
        .catch((error: unknown) => {
          if (isIntegrityError(error)) throw damaged({ file: [accountDataMessages.damaged] });
          throw error;
        });

      return {
        success: true,
        imported: {
          portfolios: plan.portfolios.length,
          transactions: plan.transactions.length,
          cash_movements: plan.cashMovements.length,
          transfer_decisions: plan.transferDecisions.length,
          sale_lot_choices: plan.saleLotChoices.length,
          tax_wallet_allocations: plan.walletAllocations.length,
          tax_method_history: plan.taxHistory.length,
          projections: plan.projections.length,
          projection_rungs: plan.rungs.length,
          alerts: plan.alerts.length,
          notifications: plan.notifications.length,
          notification_channels: plan.channels.length,
          watchlists: plan.watchlists.length,
          watchlist_items: plan.watchlistItems.length,
          allocation_targets: plan.allocationTargets.length,
        },
        left_out: plan.leftOut,
        notes: plan.notes,
      };
    },
  };
}

export type AccountImportService = ReturnType<typeof createAccountImportService>;
