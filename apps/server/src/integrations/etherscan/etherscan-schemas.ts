import { z } from 'zod';

/**
 * Etherscan API V2 bodies (module=account). Every number travels as a decimal string and stays
 * one here: wei amounts overflow a double, and the ledger wants exact decimals anyway. Addresses
 * come lowercased; `to` is empty for a contract creation. Unknown fields are stripped, a missing
 * or mistyped field fails the whole page.
 */
const decimal = z.string().regex(/^\d+$/, 'a decimal string');
const address = z.string().regex(/^0x[0-9a-fA-F]{40}$/, 'an address');
const addressOrEmpty = z.union([address, z.literal('')]);
const hash = z.string().regex(/^0x[0-9a-fA-F]{64}$/, 'a 32-byte hash');
const flag = z.enum(['0', '1']);

/** `{status, message, result}`; `result` is a list, a value, or an error sentence when status is "0". */
export const etherscanEnvelopeSchema = z.object({
  status: z.enum(['0', '1']),
  message: z.string(),
  result: z.unknown(),
});

/** action=txlist: the address's own transactions. */
export const etherscanNormalTxSchema = z.object({
  blockNumber: decimal,
  timeStamp: decimal,
  hash,
  nonce: decimal,
  blockHash: hash,
  transactionIndex: decimal,
  from: address,
  to: addressOrEmpty,
  value: decimal,
  gas: decimal,
  gasPrice: decimal,
  isError: flag,
  /** Empty before the Byzantium fork, when receipts had no status. */
  txreceipt_status: z.enum(['0', '1', '']),
  input: z.string(),
  contractAddress: addressOrEmpty,
  cumulativeGasUsed: decimal,
  gasUsed: decimal,
  confirmations: decimal,
  methodId: z.string().optional(),
  functionName: z.string().optional(),
});

/** action=txlistinternal: value moved by contract calls; `traceId` tells apart several in one tx. */
export const etherscanInternalTxSchema = z.object({
  blockNumber: decimal,
  timeStamp: decimal,
  hash,
  from: addressOrEmpty,
  to: addressOrEmpty,
  value: decimal,
  contractAddress: addressOrEmpty,
  input: z.string(),
  type: z.string(),
  gas: decimal,
  gasUsed: decimal,
  traceId: z.string().optional(),
  isError: flag,
  errCode: z.string(),
});

/** action=tokentx: ERC-20 Transfer events touching the address. */
export const etherscanTokenTransferSchema = z.object({
  blockNumber: decimal,
  timeStamp: decimal,
  hash,
  nonce: decimal,
  blockHash: hash,
  from: address,
  contractAddress: address,
  to: address,
  value: decimal,
  tokenName: z.string(),
  tokenSymbol: z.string(),
  /** Empty for a token contract that does not say. */
  tokenDecimal: z.union([decimal, z.literal('')]),
  transactionIndex: decimal,
  gas: decimal,
  gasPrice: decimal,
  gasUsed: decimal,
  cumulativeGasUsed: decimal,
  input: z.string(),
  confirmations: decimal,
  /** Not in every deployment's answer; when present it identifies the event within the block. */
  logIndex: decimal.optional(),
  methodId: z.string().optional(),
  functionName: z.string().optional(),
});

/**
 * module=proxy answers in JSON-RPC's shape, not the envelope above: `{jsonrpc, id, result}` with
 * a hex quantity, or `{jsonrpc, id, error}`. A refused key or a rate limit still comes back in the
 * envelope, so the client tells the two apart by `jsonrpc`.
 */
export const etherscanRpcAnswerSchema = z.union([
  z.object({
    jsonrpc: z.literal('2.0'),
    result: z.string().regex(/^0x[0-9a-fA-F]{1,16}$/, 'a hex quantity'),
  }),
  z.object({
    jsonrpc: z.literal('2.0'),
    error: z.object({ code: z.number(), message: z.string() }),
  }),
]);

/** action=balance and action=tokenbalance: the amount in the smallest unit. */
export const etherscanAmountSchema = decimal;

export type EtherscanNormalTx = z.output<typeof etherscanNormalTxSchema>;
export type EtherscanInternalTx = z.output<typeof etherscanInternalTxSchema>;
export type EtherscanTokenTransfer = z.output<typeof etherscanTokenTransferSchema>;

export type EtherscanListAction = 'txlist' | 'txlistinternal' | 'tokentx';

/** The record each list action answers. */
export interface EtherscanRecordOf {
  txlist: EtherscanNormalTx;
  txlistinternal: EtherscanInternalTx;
  tokentx: EtherscanTokenTransfer;
}

export const etherscanListSchemas = {
  txlist: z.array(etherscanNormalTxSchema),
  txlistinternal: z.array(etherscanInternalTxSchema),
  tokentx: z.array(etherscanTokenTransferSchema),
} as const;
