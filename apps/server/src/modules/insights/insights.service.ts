import {
  type AllocationTarget,
  errorCodes,
  type InsightCard,
  type InsightExplainResponse,
  type InsightKind,
  type InsightSettings,
  type InsightsResponse,
  insightMessages,
  type NarratePromptResponse,
  type PutTargets,
  portfolioMessages,
  type TargetsResponse,
  type UpdateInsightSettings,
} from '@app/contracts';
import { buildInsights, Dec, type InsightsInput, narrationPayload, narrationPromptText } from '@app/core';
import { AppError, notFound, validationError } from '../../lib/app-error.ts';
import { findPortfoliosByIds, listPortfolios, type PortfolioRow } from '../ledger/index.ts';
import { createDailyClosesCache } from '../market/index.ts';
import { listTargets, readPreferences, replaceTargets, writePreferences } from './insights.repository.ts';
import {
  gatherInsightsInput,
  type InputDeps,
  type InsightsState,
  readInsightsState,
} from './insights-input.ts';

export type InsightsServiceDeps = Omit<InputDeps, 'closes'> & {
  /** True when LLM_BASE_URL is configured: narration exists at all. */
  narrationAvailable: boolean;
};

const scopeId = (portfolioId: string) => (portfolioId === 'all' ? null : portfolioId);

/** Targets must be of one type, unique, each ≤ 100 %, and add up to exactly 100 %. */
export function checkTargets(targets: readonly AllocationTarget[]): void {
  if (targets.length === 0) return;
  const fields: Record<string, string[]> = {};
  const seen = new Set<string>();
  let sum = new Dec(0);
  targets.forEach((t, i) => {
    const value = new Dec(t.percentage);
    sum = sum.add(value);
    if (value.gt(100)) fields[`targets.${i}.percentage`] = [insightMessages.targetTooLarge];
    if (seen.has(t.key)) fields[`targets.${i}.key`] = [insightMessages.targetDuplicate];
    seen.add(t.key);
  });
  if (new Set(targets.map((t) => t.type)).size > 1) fields.targets = [insightMessages.targetsMixed];
  else if (!sum.eq(100)) fields.targets = [insightMessages.targetsSum(sum.toFixed())];
  if (Object.keys(fields).length > 0) throw validationError(fields);
}

export function createInsightsService(deps: InsightsServiceDeps) {
  const closes = createDailyClosesCache({
    db: deps.db,
    clock: deps.clock,
    mode: () => deps.market.describe().mode,
  });
  const inputDeps: InputDeps = { ...deps, closes };

  async function scopeRows(userId: string, portfolioId: string): Promise<PortfolioRow[]> {
    if (portfolioId === 'all') return listPortfolios(deps.db, userId);
    const rows = await findPortfoliosByIds(deps.db, userId, [portfolioId]);
    if (rows.length === 0) throw notFound(portfolioMessages.portfolioNotFound, 'portfolio_id');
    return rows;
  }

  /**
   * The last cards per user and scope with the state they were built from. Everything a card
   * reads is either in that state (portfolio revisions, settings, targets, plans, alerts,
   * recent notifications, tax rule, rates, the market's as-of) or derived from it, plus the
   * clock, kept to the minute (the 7-day and 30-day windows); an unchanged state reuses the
   * cards instead of re-costing thousands of lots.
   */
  const memo = new Map<string, { key: string; input: InsightsInput; cards: InsightCard[] }>();
  const memoLimit = 500;

  function stateKey(rows: readonly PortfolioRow[], state: InsightsState, now: Date): string {
    return JSON.stringify({
      rows: rows.map((r) => [r.id, r.revision, r.currency]),
      state,
      market: deps.market.describe(),
      minute: Math.floor(now.getTime() / 60_000),
    });
  }

  /** The cards for one reader: their locale writes the dates, so it is part of the memo's key. */
  async function cards(userId: string, portfolioId: string, locale: string, rowLimit?: number | null) {
    const rows = await scopeRows(userId, portfolioId);
    const now = deps.clock();
    const scope = scopeId(portfolioId);
    const state = await readInsightsState(inputDeps, userId, scope, now);
    const key = stateKey(rows, state, now);
    const memoKey = `${userId}:${portfolioId}:${locale}`;
    const hit = rowLimit === undefined ? memo.get(memoKey) : undefined;
    if (hit && hit.key === key) return { input: hit.input, rows, cards: hit.cards };
    const input = {
      ...(await gatherInsightsInput(inputDeps, userId, rows, scope, state, now)),
      locale,
      rowLimit,
    };
    const list = buildInsights(input);
    if (rowLimit === undefined) {
      memo.delete(memoKey);
      memo.set(memoKey, { key, input, cards: list });
      for (const oldest of memo.keys()) {
        if (memo.size <= memoLimit) break;
        memo.delete(oldest);
      }
    }
    return { input, rows, cards: list };
  }

  async function consented(userId: string): Promise<boolean> {
    return (await readPreferences(deps.db, userId))?.narrationConsentedAt != null;
  }

  return {
    preload: () => closes.preload('usd'),

    async list(userId: string, portfolioId: string, locale: string): Promise<InsightsResponse> {
      const { input, rows, cards: list } = await cards(userId, portfolioId, locale);
      const source = deps.market.describe();
      return {
        portfolio_id: scopeId(portfolioId),
        base_currency: input.baseCurrency,
        cost_basis_method: input.method,
        generated_at: input.now.toISOString(),
        market: {
          source: source.source,
          as_of: source.as_of,
          stale: source.stale,
          demo: input.health.market.demo,
        },
        cards: list,
        empty:
          input.transactionCount > 0
            ? null
            : {
                message: insightMessages.emptyPortfolio,
                action:
                  rows.length === 0
                    ? { label: 'Create a portfolio', href: '/portfolios' }
                    : { label: 'Add your first transaction', href: '/transactions' },
              },
        narration: {
          available: deps.narrationAvailable,
          consented: deps.narrationAvailable ? await consented(userId) : false,
        },
      };
    },

    /** The card of `kind` (and `subject`, for kinds with one card per projection) with every row. */
    async explain(
      userId: string,
      portfolioId: string,
      kind: InsightKind,
      locale: string,
      subject?: string,
    ): Promise<InsightExplainResponse> {
      const { cards: list } = await cards(userId, portfolioId, locale, null);
      const card = list.find((c) => c.kind === kind && (subject === undefined || c.subject === subject));
      if (!card) {
        throw subject === undefined
          ? notFound('No insight of this kind for this portfolio.', 'kind')
          : notFound('No insight of this kind about this subject for this portfolio.', 'subject');
      }
      return { card };
    },

    /** The exact text narration would send, for review and "Copy prompt". */
    async prompt(
      userId: string,
      portfolioId: string,
      locale: string,
    ): Promise<NarratePromptResponse & { cards: InsightCard[] }> {
      const { input, cards: list } = await cards(userId, portfolioId, locale);
      const payload = narrationPayload(list, input);
      return {
        prompt: narrationPromptText(payload),
        payload,
        consented: await consented(userId),
        cards: list,
      };
    },

    async consent(userId: string): Promise<InsightSettings> {
      await writePreferences(deps.db, userId, { narrationConsentedAt: deps.clock() }, deps.clock());
      return this.settings(userId);
    },

    async requireConsent(userId: string): Promise<void> {
      if (!(await consented(userId))) {
        throw new AppError({
          code: errorCodes.conflict,
          message: insightMessages.consentRequired,
        });
      }
    },

    async targets(userId: string, portfolioId: string): Promise<TargetsResponse> {
      await scopeRows(userId, portfolioId);
      return {
        portfolio_id: scopeId(portfolioId),
        targets: await listTargets(deps.db, userId, scopeId(portfolioId)),
      };
    },

    async putTargets(userId: string, body: PutTargets): Promise<TargetsResponse> {
      await scopeRows(userId, body.portfolio_id);
      checkTargets(body.targets);
      await replaceTargets(deps.db, userId, scopeId(body.portfolio_id), body.targets, deps.clock());
      return this.targets(userId, body.portfolio_id);
    },

    async settings(userId: string): Promise<InsightSettings> {
      const stored = await readPreferences(deps.db, userId);
      return {
        concentration_threshold: new Dec(stored?.concentrationThreshold ?? '40').toFixed(),
        near_percent: new Dec(stored?.nearPercent ?? '10').toFixed(),
        narration_consented_at: stored?.narrationConsentedAt?.toISOString() ?? null,
      };
    },

    async updateSettings(userId: string, patch: UpdateInsightSettings): Promise<InsightSettings> {
      await writePreferences(
        deps.db,
        userId,
        {
          ...(patch.concentration_threshold ? { concentrationThreshold: patch.concentration_threshold } : {}),
          ...(patch.near_percent ? { nearPercent: patch.near_percent } : {}),
        },
        deps.clock(),
      );
      return this.settings(userId);
    },
  };
}

export type InsightsService = ReturnType<typeof createInsightsService>;
