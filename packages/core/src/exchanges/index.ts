export {
  type CurrencyFactor,
  type ExchangeTradeRecord,
  type PricedLeg,
  pricedTradeLegs,
  type Unbookable,
} from './exchange-legs.ts';
export { outsideRefs } from './outside-refs.ts';
