import type { OversellDetails, OversellViolation } from '@app/contracts';
import { describeOversell, knownCoinSymbol, type OversellLead, oversellLeads } from '@app/core';
import { AppError, validationError } from '../../lib/app-error.ts';
import type { MarketReader } from '../market/index.ts';
import type { Oversell } from './oversell-check.ts';

/**
 * A write refused for an oversell, before it is written for its reader: thrown inside the ledger
 * transaction (no market reads there), spoken by `speakOversell` once the transaction is over.
 */
export class OversellRejection extends Error {
  constructor(
    readonly violation: OversellViolation,
    readonly lead: OversellLead = 'self',
    readonly field = 'quantity',
  ) {
    super(`${oversellLeads[lead]}${violation.message}`);
    this.name = 'OversellRejection';
  }
}

/** A writer's rejectOversells that refuses on the first oversell, led as `lead` says. */
export function rejectFirstOversell(
  lead: OversellLead,
): (oversells: readonly Oversell[]) => OversellRejection {
  return ([first]) => {
    if (!first) throw new Error('rejectOversells called without an oversell');
    return new OversellRejection(first.violation, lead);
  };
}

/** The coin as the market names it; core's ticker or the id only for a coin the market lacks. */
async function coinLabel(
  market: MarketReader,
  coinId: string,
): Promise<{ symbol: string; name: string | null }> {
  const coin = await market.getCoin(coinId, 'usd').catch(() => null);
  return {
    symbol: coin ? coin.symbol.toUpperCase() : (knownCoinSymbol(coinId) ?? coinId),
    name: coin?.name ?? null,
  };
}

/**
 * The violation with its message in the reader's locale, the coin by its market ticker, and the
 * ticker itself so a client can write the message again in the reader's zone.
 */
export async function localisedViolation(
  market: MarketReader,
  violation: OversellViolation,
  locale: string,
): Promise<OversellViolation> {
  const { symbol } = await coinLabel(market, violation.coin_id);
  return { ...violation, symbol, message: describeOversell(violation, { symbol, locale, timeZone: 'UTC' }) };
}

/**
 * The validation error envelope for the refusal: the field's message written for the reader
 * (their locale, the date in UTC and said so), and `details.oversell` with the figures so the
 * client can write it again in the reader's own zone.
 */
export async function speakOversell(
  market: MarketReader,
  rejection: OversellRejection,
  locale: string,
): Promise<AppError> {
  const { violation, lead, field } = rejection;
  const { symbol, name } = await coinLabel(market, violation.coin_id);
  const message = describeOversell(violation, { symbol, locale, timeZone: 'UTC' }, lead);
  const { message: _serverText, ...figures } = violation;
  const oversell: OversellDetails = { ...figures, field, lead, symbol, name };
  const base = validationError({ [field]: [message] });
  return new AppError({ code: base.code, message: base.message, details: { ...base.details, oversell } });
}

/** Runs a ledger write; an oversell it refuses is answered in the reader's words. */
export async function spokenOversells<T>(
  market: MarketReader,
  locale: string,
  work: () => Promise<T>,
): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof OversellRejection) throw await speakOversell(market, error, locale);
    throw error;
  }
}
