import type { Projection, SellTransaction } from '@app/contracts';
import { baseCurrencySchema } from '@app/contracts';
import type { ProjectionRow, ProjectionTransactionRow } from './projections.repository.ts';

/**
 * NUMERIC(38,18) comes back padded ('1.500000000000000000'); the wire carries the
 * plain form ('1.5') so the client compares and shows what the user typed.
 */
export function plainDecimal(value: string): string {
  if (!value.includes('.')) return value === '-0' ? '0' : value;
  const trimmed = value.replace(/0+$/, '').replace(/\.$/, '');
  return trimmed === '-0' ? '0' : trimmed;
}

export function toProjection(row: ProjectionRow): Projection {
  const currency = baseCurrencySchema.safeParse(row.currency);
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    coin_id: row.coinId,
    coin_name: row.coinName,
    coin_symbol: row.coinSymbol,
    coin_image: row.coinImage,
    invested_capital: plainDecimal(row.investedCapital),
    tokens_owned: plainDecimal(row.tokensOwned),
    circulating_supply: row.circulatingSupply === null ? null : plainDecimal(row.circulatingSupply),
    sell_tax: plainDecimal(row.sellTax),
    currency: currency.success ? currency.data : 'usd',
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export function toSellTransaction(row: ProjectionTransactionRow): SellTransaction {
  return {
    id: row.id,
    coins_sold: plainDecimal(row.coinsSold),
    price_per_coin: plainDecimal(row.pricePerCoin),
    fees_percentage: plainDecimal(row.feesPercentage),
    price_impact_percentage: plainDecimal(row.priceImpactPercentage),
    sell_tax: plainDecimal(row.sellTax),
    transaction_order: row.transactionOrder,
  };
}
