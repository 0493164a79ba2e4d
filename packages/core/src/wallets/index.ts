// Self-custody wallets: keys, addresses, the gap scan and explorer history as movements. A separate
// entry (`@app/core/wallets`) so pages that import `@app/core` never bring the curve and hash code.
export type { AddressChain } from './address-chains.ts';
export { addressChains, maxAddressIndex } from './address-chains.ts';
export { parseUnits, unitsToDecimal } from './base-units.ts';
export type { BitcoinAddress, BitcoinAddressType } from './bitcoin-address.ts';
export { normalizeBitcoinAddress, validateBitcoinAddress } from './bitcoin-address.ts';
export type { AccountKeyPrefix, BitcoinAccountKey } from './bitcoin-keys.ts';
export { addressOf, defaultXpubScriptType, parseExtendedPublicKey } from './bitcoin-keys.ts';
export type {
  BitcoinHistory,
  BitcoinMovement,
  BitcoinTransactionMovements,
  EsploraInput,
  EsploraOutput,
  EsploraTransaction,
  FeeAttribution,
} from './bitcoin-movements.ts';
export { bitcoinCoinId, bitcoinDecimals, bitcoinMovements } from './bitcoin-movements.ts';
export { normalizeEvmAddress, toChecksumAddress, validateEvmAddress } from './evm-address.ts';
export type { EvmChain } from './evm-chains.ts';
export { evmChains } from './evm-chains.ts';
export type {
  EtherscanInternalTransaction,
  EtherscanTokenTransfer,
  EtherscanTransaction,
  EvmAsset,
  EvmHistory,
  EvmHistoryInput,
  EvmMovement,
  SkippedRecord,
} from './evm-movements.ts';
export { evmMovements } from './evm-movements.ts';
export type {
  AddressUse,
  BatchLookup,
  GapScanOptions,
  GapScanProgress,
  GapScanResult,
  SingleLookup,
  UsedAddress,
} from './gap-scan.ts';
export { scanGap } from './gap-scan.ts';
export type { MovementKind } from './movement-types.ts';
export { unixSecondsToIso, WalletDataError } from './movement-types.ts';
export type { WalletCheck, WalletProblem } from './wallet-check.ts';
