// lot-choice's constants without its schemas: the transaction form checks a choice as it is typed
// without bringing zod along (the browser build places a contract file whole).

/**
 * A sale names at most this many lots. It keeps one request, one stored choice and one error list
 * bounded; a sale drawing on more lots than that is better left to the year's method.
 */
export const maxLotChoiceLines = 1000;

/** Routes of specific identification (the sale's lots at its time). */
export const lotChoiceRoutes = {
  saleLots: '/v2/tax/sale-lots/',
} as const;

/**
 * The reasons a named lot cannot cover what a sale asks of it at the sale's time, as the server
 * finds them (in this order: the first that holds is said).
 */
export const lotProblemReasons = [
  'unknown',
  'other_coin',
  'not_acquisition',
  'moved_lots',
  'after_sale',
  'other_portfolio',
  'used',
] as const;
export type LotProblemReason = (typeof lotProblemReasons)[number];

export const lotChoiceMessages = {
  onlySales: 'Only a sale names the lots it sells',
  tooMany: `A sale can name at most ${maxLotChoiceLines} lots`,
  duplicate: 'This lot is named twice: give it once with the whole quantity',
  empty: 'Name at least one lot, or send null to use the method of the year',
  total: (named: string, sale: string) =>
    `The lots named add up to ${named} and the sale is ${sale}: they must be equal`,
  problem: {
    unknown: 'There is no acquisition with this id in your books',
    other_coin: 'This acquisition is of another coin',
    not_acquisition: 'This transaction is not an acquisition (a buy, a reward or a transfer in)',
    moved_lots:
      'This deposit carried lots of earlier acquisitions from your other portfolio: name those lots instead',
    after_sale: 'This lot was acquired after the sale',
    other_portfolio: "This lot is not held in the sale's portfolio at the sale's time",
  } satisfies Record<Exclude<LotProblemReason, 'used'>, string>,
  used: (left: string) =>
    /^0*(\.0*)?$/.test(left)
      ? "Nothing of this lot is left at the sale's time: earlier disposals used it"
      : `Only ${left} of this lot is left at the sale's time: earlier disposals used the rest`,
  /** The what-if's choice names a lot the scope does not hold (or holds nothing of now). */
  notHeld: 'Nothing of this lot is held here now',
  /** A write that would leave another sale's stored choice unable to be covered. */
  breaksOther: (soldOn: string) =>
    `This change leaves the lots chosen for the sale of ${soldOn} unable to be covered: change or clear that sale's lots first`,
  /** A sale edited without new lots whose stored choice no longer fits it. */
  storedNoLongerFits:
    'The lots chosen for this sale no longer fit it: choose them again, or clear the choice to use the method of the year',
  /** Said beside the form's lot list. */
  ruleIgnores: (rule: string) =>
    `Under the ${rule} rule the matching is fixed, so a choice of lots is kept but not used; it applies under the United States rule.`,
} as const;
