import { type MarketSource, marketSourceSchema } from '@app/contracts';
import { providerName, sourceBadgeText } from '@app/core';
import { z } from 'zod';

/**
 * What every tool answer says about itself, so an assistant cannot pass demo or stale prices off
 * as live ones, or amounts in one currency off as another.
 */
export const provenanceSchema = z.object({
  /** The currency of the money amounts in `data`; null when they are in several (see currency_note). */
  currency: z.string().nullable(),
  currency_note: z.string().nullable(),
  /** The user's base currency (settings). */
  base_currency: z.string(),
  /** Server time of the answer. */
  as_of: z.string(),
  market: marketSourceSchema.extend({
    demo: z.boolean(),
    /** The source as the web app labels it ("Demo data: prices simulated…", "Stale — …"). */
    label: z.string(),
  }),
  caveats: z.array(z.string()),
  /** The REST routes the answer came from (method and path, without the query string). */
  routes: z.array(z.string()),
  /** The one line repeated in the text content. */
  summary: z.string(),
});
export type Provenance = z.infer<typeof provenanceSchema>;

/** What a tool knows of its own answer; the rest of the provenance is the same for every tool. */
export interface AnswerFacts {
  currency: string | null;
  currencyNote?: string | null;
  /** The market description the REST answer carried, when it carried one. */
  market?: MarketSource;
  caveats?: readonly string[];
  /** A few words on what was found ("3 portfolios"), put first in the summary. */
  headline?: string;
}

/** Dates and times in the labels are told in UTC: a model has no reader's clock to assume. */
const readerClock = { locale: 'en-US', timeZone: 'UTC' } as const;

function marketCaveat(market: MarketSource): string | null {
  if (market.mode === 'demo') {
    return 'Market prices are demo data simulated from a bundled snapshot, not real prices: do not present them as live.';
  }
  if (market.stale) {
    return `Market prices are a stale copy from ${providerName(market.source)} fetched at ${market.as_of}, kept through a provider outage: not current prices.`;
  }
  return null;
}

function marketWords(market: MarketSource, label: string): string {
  if (market.mode === 'demo') return `${label} (NOT live prices)`;
  if (market.stale) return `${label} (NOT current prices)`;
  return label;
}

const upper = (code: string) => code.toUpperCase();

/** The summary stays one readable line: the first caveats in full, the count of the rest. */
const caveatsInSummary = 3;

function caveatWords(caveats: readonly string[]): string | undefined {
  if (caveats.length === 0) return undefined;
  const shown = caveats.slice(0, caveatsInSummary).map((c) => c.replace(/\s+/g, ' ').replace(/\.$/, ''));
  const rest = caveats.length - shown.length;
  return `Caveats: ${shown.join('; ')}${rest > 0 ? `; and ${rest} more in provenance.caveats` : ''}`;
}

export function buildProvenance(input: {
  facts: AnswerFacts;
  baseCurrency: string;
  market: MarketSource;
  now: Date;
  routes: readonly string[];
}): Provenance {
  const market = input.facts.market ?? input.market;
  const label = sourceBadgeText(market, readerClock, input.now);
  const caveats = [...new Set([marketCaveat(market), ...(input.facts.caveats ?? [])])].filter(
    (c): c is string => c !== null && c !== '',
  );
  const currency = input.facts.currency;
  const amounts = currency === null ? 'Amounts in several currencies' : `Amounts in ${upper(currency)}`;
  const parts = [
    input.facts.headline,
    `${amounts} (base currency ${upper(input.baseCurrency)})`,
    `Market data: ${marketWords(market, label)}`,
    `Answered at ${input.now.toISOString()}`,
    caveatWords(caveats),
  ];
  return {
    currency,
    currency_note: input.facts.currencyNote ?? null,
    base_currency: input.baseCurrency,
    as_of: input.now.toISOString(),
    market: { ...market, demo: market.mode === 'demo', label },
    caveats,
    routes: [...new Set(input.routes)],
    summary: parts.filter((p) => p !== undefined && p !== '').join('. '),
  };
}
