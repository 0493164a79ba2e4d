export * from './aggregate.ts';
export * from './form.ts';
export * from './ladder.ts';
// Only the spec's rounding rules leave the module; the parsing helpers stay internal so
// their generic names cannot clash with other areas' exports.
export {
  type DecimalLike as SellRowValue,
  roundCirculatingSupply,
  roundCoins as roundCoinsSold,
} from './numbers.ts';
export * from './recalculate.ts';
export * from './recalculate-fast.ts';
export * from './rows.ts';
export * from './selection.ts';
export * from './take-home.ts';
export * from './wire.ts';
