import { z } from 'zod';
import { costBasisMethods } from './cost-basis-constants.ts';
import { decimalOut, decimalString } from './decimal-strings.ts';
import { entityIdSchema } from './entity-ids.ts';
import { walletAllocationStatuses } from './tax.ts';

/*
 * Per-portfolio lots (US rule, from 2025): the lots held at the end of 2024 placed in the
 * portfolios (wallets, accounts) that held the units that day, the safe-harbour allocation of
 * IRS Rev. Proc. 2024-28. The product proposes it from the ledger; the person confirms it.
 */

/** The part of one acquisition placed in a portfolio. */
export const walletAllocationPieceSchema = z.object({
  acquisition_id: z.string(),
  /** The acquisition's own time (ISO 8601): it keeps its date in the portfolio it is placed in. */
  acquired_at: z.string(),
  quantity: decimalOut,
  /** Its share of the lot's cost basis; null when the acquisition has no known cost. */
  cost: decimalOut.nullable(),
});
export type WalletAllocationPiece = z.infer<typeof walletAllocationPieceSchema>;

export const walletAllocationPortfolioSchema = z.object({
  portfolio_id: z.string(),
  portfolio_name: z.string(),
  /** Units the portfolio held on 31 December 2024: its pieces add up to this. */
  held: decimalOut,
  pieces: z.array(walletAllocationPieceSchema),
});

export const walletAllocationCoinSchema = z.object({
  coin_id: z.string(),
  /** Units of the coin held on 31 December 2024 over all portfolios. */
  held: decimalOut,
  portfolios: z.array(walletAllocationPortfolioSchema),
});
export type WalletAllocationCoin = z.infer<typeof walletAllocationCoinSchema>;

export const walletAllocationSchema = z.object({
  /** Whether the figures below are the confirmed allocation or the proposal. */
  source: z.enum(['proposed', 'confirmed']),
  /** 'outdated': one was confirmed, but the ledger up to 2024 changed since; the proposal is shown. */
  status: z.enum(walletAllocationStatuses),
  /** When the stored allocation was confirmed; null when none is stored. */
  confirmed_at: z.string().nullable(),
  /** The setting is on: sales from 2025 draw on the lots as allocated here. */
  lots_per_portfolio: z.boolean(),
  /** The day the allocation is of. */
  as_of: z.literal('2024-12-31'),
  /** The 2024 method, whose order the proposal follows when it fills a portfolio. */
  method: z.enum(costBasisMethods),
  currency: z.string(),
  coins: z.array(walletAllocationCoinSchema),
});
export type WalletAllocation = z.infer<typeof walletAllocationSchema>;

/** A line the person confirms: units of one acquisition placed in one portfolio. */
export const walletAllocationLineSchema = z
  .object({
    acquisition_id: entityIdSchema,
    portfolio_id: entityIdSchema,
    quantity: decimalString('positive', 'Quantity'),
  })
  .strict();

/** Lines per request at most: a person with thousands of open lots still fits. */
export const maxWalletAllocationLines = 10_000;

/** The whole allocation, every coin: it replaces the one stored. */
export const confirmWalletAllocationSchema = z
  .object({ pieces: z.array(walletAllocationLineSchema).min(1).max(maxWalletAllocationLines) })
  .strict();
export type ConfirmWalletAllocation = z.infer<typeof confirmWalletAllocationSchema>;

export const walletAllocationMessages = {
  onlyUs: 'Lots can be tracked per portfolio only under the US rule.',
  unknownAcquisition: 'No lot of yours with units left at the end of 2024 has this id.',
  unknownPortfolio: 'No portfolio of yours has this id.',
  duplicate: 'This lot is placed in this portfolio twice; put the units in one line.',
  badQuantity: 'Quantity must be greater than 0.',
  overLot: (placed: string, available: string) =>
    `${placed} units placed from this lot, but only ${available} were left of it at the end of 2024.`,
  portfolioTotal: (coin: string, portfolio: string, placed: string, held: string) =>
    `${coin} in ${portfolio}: the pieces add up to ${placed}, but it held ${held} on 31 December 2024.`,
} as const;
