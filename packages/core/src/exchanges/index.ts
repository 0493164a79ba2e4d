export {
  type CurrencyFactor,
  type ExchangeTradeRecord,
  type PricedLeg,
  pricedTradeLegs,
  type Unbookable,
  usdStablecoins,
} from './exchange-legs.ts';
export { outsideRefs } from './outside-refs.ts';
