// tax decisions' constants without their schemas: the Tax page and the Oracle card read these
// words without bringing zod along (the browser build places a contract file whole).

export const taxDecisionsRoutes = {
  /** This tax year's decisions: lots worth waiting for, losses to harvest, the allowance left. */
  decisions: '/v2/tax/decisions/',
} as const;

/** A lot counts as "turning soon" when its holding period ends within this many days. */
export const taxDecisionWindowDays = 30;

/** At most this many lots are figured per list (the rest are counted): each costs two what-if sales. */
export const taxDecisionLotLimit = 100;

/** A rule's catch for harvesting a loss: what can undo it or limit it, with where it comes from. */
export interface HarvestCatch {
  text: string;
  source: string;
  /** The day the statement was last checked, for rules that may change (YYYY-MM-DD); null: settled law. */
  as_of: string | null;
}

/** The catch per rule; null: the rule names none (a custom rule is the user's own). */
export const harvestCatches = {
  uk: {
    text: "A purchase of the same coin on the same day or within 30 days after the sale is matched with it and undoes the loss (HMRC's same-day and bed-and-breakfasting rules, TCGA 1992 s.105–106A).",
    source: 'TCGA 1992 s.105–106A; HMRC Cryptoassets Manual CRYPTO22250',
    as_of: null,
  },
  us: {
    text: 'No wash-sale rule applies to crypto as of 2026-12-04: IRC §1091 covers stocks and securities, and the IRS treats digital assets as property (Notice 2014-21).',
    source: 'IRC §1091; IRS Notice 2014-21',
    as_of: '2026-12-04',
  },
  de: {
    text: 'Losses offset private-sale gains of the same year (what is left is carried back or forward), never other income. A lot held more than one year sells tax-free, so its loss does not count.',
    source: '§ 23 Abs. 3 Satz 7–8 EStG; § 10d EStG',
    as_of: null,
  },
  custom: null,
} as const satisfies Readonly<Record<'us' | 'de' | 'uk' | 'custom', HarvestCatch | null>>;

export const taxDecisionWords = {
  title: 'Decisions this year',
  disclaimer:
    'An estimate, not advice: figured from the transactions in this app, the price now and the rates in your tax settings. Your tax depends on your whole year and on rules this app does not apply.',
  needsRule:
    'Choose your tax rule to see lots worth waiting for, losses you could harvest and your allowance left.',
  noHoldingPeriod: 'Your tax rule has no holding period: no lot is taxed differently for waiting.',
  waitsHow:
    'Each lot is sold at the price now, today and again on the day it qualifies; each tax is what the sale adds to the estimate of its tax year at your rates, after the allowance and losses of that year.',
  waitsMethod: (method: string) =>
    `Your rule matches sales by ${method}: the sale compared is the one that reaches this lot, with every lot sold before it.`,
  waitsNamed: 'The sale compared names this lot alone (specific identification).',
  otherYear: 'A sale on the qualifying day falls in the next tax year: its tax is figured against that year.',
  noPrice: (n: number) =>
    `${n} ${n === 1 ? 'lot has' : 'lots have'} no price now, so ${n === 1 ? 'its' : 'their'} tax is not figured.`,
  tooMany: (n: number) => `${n} more ${n === 1 ? 'lot is' : 'lots are'} left out of this list.`,
  deTaxFreeLosses: (n: number) =>
    `${n} ${n === 1 ? 'lot is' : 'lots are'} at a loss but held more than one year: a tax-free sale, so the loss does not count.`,
  taxEffectHow:
    'The tax effect is what selling the lot now changes in this tax year’s estimate (negative: lower tax); it is shown only where a sale can take that lot alone under your rule.',
} as const;
