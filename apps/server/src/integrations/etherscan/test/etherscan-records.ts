import { createHash } from 'node:crypto';

/**
 * Records in Etherscan's JSON shape for the fake: every number a decimal string, addresses
 * lowercased. Written apart from the client's schemas on purpose, so the client is checked
 * against the protocol rather than against itself.
 */
export interface NormalTxJson {
  blockNumber: string;
  timeStamp: string;
  hash: string;
  nonce: string;
  blockHash: string;
  transactionIndex: string;
  from: string;
  to: string;
  value: string;
  gas: string;
  gasPrice: string;
  isError: string;
  txreceipt_status: string;
  input: string;
  contractAddress: string;
  cumulativeGasUsed: string;
  gasUsed: string;
  confirmations: string;
  methodId: string;
  functionName: string;
}

export interface InternalTxJson {
  blockNumber: string;
  timeStamp: string;
  hash: string;
  from: string;
  to: string;
  value: string;
  contractAddress: string;
  input: string;
  type: string;
  gas: string;
  gasUsed: string;
  traceId: string;
  isError: string;
  errCode: string;
}

export interface TokenTransferJson {
  blockNumber: string;
  timeStamp: string;
  hash: string;
  nonce: string;
  blockHash: string;
  from: string;
  contractAddress: string;
  to: string;
  value: string;
  tokenName: string;
  tokenSymbol: string;
  tokenDecimal: string;
  transactionIndex: string;
  gas: string;
  gasPrice: string;
  gasUsed: string;
  cumulativeGasUsed: string;
  input: string;
  confirmations: string;
}

export type EtherscanRecordJson = NormalTxJson | InternalTxJson | TokenTransferJson;

const hex = (text: string, bytes: number) =>
  createHash('sha256')
    .update(text)
    .digest('hex')
    .repeat(2)
    .slice(0, bytes * 2);

/** A deterministic address for a test's name. */
export function fakeAddress(name: string): string {
  return `0x${hex(`address:${name}`, 20)}`;
}

export function fakeHash(name: string | number): string {
  return `0x${hex(`tx:${name}`, 32)}`;
}

export const usdc = { address: fakeAddress('usdc'), name: 'USD Coin', symbol: 'USDC', decimals: '6' };

/** A block's hash; a reorganisation's replacement blocks (`fork` 1, 2…) have other hashes. */
export const fakeBlockHash = (block: number, fork = 0) =>
  `0x${hex(fork === 0 ? `block:${block}` : `block:${block}:fork${fork}`, 32)}`;
/** A block's time: a block every 12 seconds. */
export const fakeTimeStamp = (block: number) => String(1_438_269_988 + block * 12);
const blockHash = (block: number) => fakeBlockHash(block);
const timeStamp = fakeTimeStamp;

export function normalTx(input: {
  name: string | number;
  block: number;
  index?: number;
  from: string;
  to: string;
  value: string;
}): NormalTxJson {
  return {
    blockNumber: String(input.block),
    timeStamp: timeStamp(input.block),
    hash: fakeHash(input.name),
    nonce: String(input.index ?? 0),
    blockHash: blockHash(input.block),
    transactionIndex: String(input.index ?? 0),
    from: input.from,
    to: input.to,
    value: input.value,
    gas: '21000',
    gasPrice: '12000000000',
    isError: '0',
    txreceipt_status: '1',
    input: '0x',
    contractAddress: '',
    cumulativeGasUsed: String(21_000 * ((input.index ?? 0) + 1)),
    gasUsed: '21000',
    confirmations: '0',
    methodId: '0x',
    functionName: '',
  };
}

export function internalTx(input: {
  name: string | number;
  block: number;
  traceId: string;
  from: string;
  to: string;
  value: string;
}): InternalTxJson {
  return {
    blockNumber: String(input.block),
    timeStamp: timeStamp(input.block),
    hash: fakeHash(input.name),
    from: input.from,
    to: input.to,
    value: input.value,
    contractAddress: '',
    input: '',
    type: 'call',
    gas: '2300',
    gasUsed: '0',
    traceId: input.traceId,
    isError: '0',
    errCode: '',
  };
}

export function tokenTransfer(input: {
  name: string | number;
  block: number;
  index?: number;
  from: string;
  to: string;
  value: string;
  token?: { address: string; name: string; symbol: string; decimals: string };
}): TokenTransferJson {
  const token = input.token ?? usdc;
  return {
    blockNumber: String(input.block),
    timeStamp: timeStamp(input.block),
    hash: fakeHash(input.name),
    nonce: String(input.index ?? 0),
    blockHash: blockHash(input.block),
    from: input.from,
    contractAddress: token.address,
    to: input.to,
    value: input.value,
    tokenName: token.name,
    tokenSymbol: token.symbol,
    tokenDecimal: token.decimals,
    transactionIndex: String(input.index ?? 0),
    gas: '65000',
    gasPrice: '12000000000',
    gasUsed: '51000',
    cumulativeGasUsed: '51000',
    input: 'deprecated',
    confirmations: '0',
  };
}

/**
 * `count` token transfers to `address`, `perBlock` a block from `startBlock`, two transfers per
 * transaction; every seventh transaction pays the same amount twice, as a batch payout can, so
 * identical records inside one transaction are part of the history.
 */
export function manyTokenTransfers(
  address: string,
  count: number,
  startBlock: number,
  perBlock: number,
): TokenTransferJson[] {
  const sender = fakeAddress('payer');
  const records: TokenTransferJson[] = [];
  for (let i = 0; i < count; i++) {
    const tx = Math.floor(i / 2);
    const block = startBlock + Math.floor(i / perBlock);
    const value = tx % 7 === 0 ? String(1_000_000 + tx) : String(1_000_000 + i);
    records.push(
      tokenTransfer({ name: `batch-${tx}`, block, index: tx % 1000, from: sender, to: address, value }),
    );
  }
  return records;
}
