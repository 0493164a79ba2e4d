import { errorCodes, type ShareRole, shareMessages, type User } from '@app/contracts';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error.ts';

/**
 * Where a route finds the portfolio it acts on, for a portfolio shared with the caller: its `:id`,
 * the `portfolio_id` of its query or body, or the portfolio of the transaction its `:id` names.
 */
export type SharedPortfolioSource = 'params.id' | 'query.portfolio_id' | 'body.portfolio_id' | 'transaction';

/** A route a member of a shared portfolio may call on it: to read it, or to write it (editors). */
export interface SharedPortfolioRoute {
  access: 'read' | 'write';
  from: SharedPortfolioSource;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Open to members of a shared portfolio; routes without it keep to the caller's own rows. */
    shared?: SharedPortfolioRoute;
  }
}

export interface ResolvedShare {
  portfolioId: string;
  role: ShareRole;
  owner: User;
}

/** What the scope needs to find a share; the app passes the ledger's lookups. */
export interface SharedPortfolioResolver {
  byPortfolio(memberId: string, portfolioId: string): Promise<ResolvedShare | null>;
  byTransaction(memberId: string, transactionId: string): Promise<ResolvedShare | null>;
}

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function field(value: unknown, name: string): string | undefined {
  if (value === null || typeof value !== 'object') return undefined;
  const found = (value as Record<string, unknown>)[name];
  return typeof found === 'string' && uuid.test(found) ? found : undefined;
}

/**
 * The share this request acts through, or null when it acts on the caller's own rows (their own
 * portfolio, a route not open to members, or nothing shared). A viewer's write is refused here,
 * before the handler reads anything.
 */
export async function resolveSharedPortfolio(
  request: FastifyRequest,
  resolver: SharedPortfolioResolver,
): Promise<ResolvedShare | null> {
  const route = request.routeOptions.config.shared;
  const user = request.user;
  // A token restricted to some portfolios names the caller's own; shares reach only full tokens.
  if (!route || !user || request.accessToken?.portfolioIds) return null;
  const { from } = route;
  const id =
    from === 'params.id' || from === 'transaction'
      ? field(request.params, 'id')
      : from === 'query.portfolio_id'
        ? field(request.query, 'portfolio_id')
        : field(request.body, 'portfolio_id');
  if (id === undefined) return null;
  const share =
    from === 'transaction'
      ? await resolver.byTransaction(user.id, id)
      : await resolver.byPortfolio(user.id, id);
  if (!share) return null;
  if (route.access === 'write' && share.role !== 'editor') {
    throw new AppError({ code: errorCodes.forbidden, message: shareMessages.viewOnly });
  }
  return share;
}
