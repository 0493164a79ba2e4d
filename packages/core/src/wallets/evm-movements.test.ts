import type { EvmChainName } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import {
  type EtherscanInternalTransaction,
  type EtherscanTokenTransfer,
  type EtherscanTransaction,
  type EvmHistory,
  evmMovements,
  innerIds,
} from './evm-movements.ts';
import failedTx from './fixtures/evm/failed-tx.json' with { type: 'json' };
import selfSend from './fixtures/evm/self-send.json' with { type: 'json' };
import spamToken from './fixtures/evm/spam-token.json' with { type: 'json' };
import tokenDecimals from './fixtures/evm/token-decimals.json' with { type: 'json' };
import { WalletDataError } from './movement-types.ts';

/**
 * Fixture format: `source`, the `chain` and `address`, `known_tokens` (lowercase contract → coin
 * id, what a later step knows), the three Etherscan lists, and `expected`: movements and skipped
 * records exactly as returned.
 */
interface Scenario {
  scenario: string;
  source: string;
  chain: EvmChainName;
  address: string;
  known_tokens: Record<string, string>;
  transactions: EtherscanTransaction[];
  internal: EtherscanInternalTransaction[];
  tokens: EtherscanTokenTransfer[];
  expected: EvmHistory;
}

const scenarios = [tokenDecimals, failedTx, spamToken, selfSend] as unknown as Scenario[];

function run(fixture: Scenario): EvmHistory {
  return evmMovements({
    chain: fixture.chain,
    address: fixture.address,
    transactions: fixture.transactions,
    internal: fixture.internal,
    tokens: fixture.tokens,
    tokenCoinId: (_chain, contract) => fixture.known_tokens[contract] ?? null,
  });
}

describe.each(scenarios)('evm scenario: $scenario', (fixture) => {
  it('names its source', () => {
    expect(fixture.source.length).toBeGreaterThan(40);
  });

  it('gives the expected movements and skipped records', () => {
    expect(run(fixture)).toEqual(fixture.expected);
  });

  it('reads a second, overlapping page without doubling anything', () => {
    const twice = {
      ...fixture,
      transactions: [...fixture.transactions, ...fixture.transactions],
      internal: [...fixture.internal, ...fixture.internal],
      tokens: [...fixture.tokens, ...fixture.tokens],
    };
    expect(run(twice)).toEqual(fixture.expected);
  });
});

describe('evm movements', () => {
  it('reads the connected address in any case', () => {
    const lower = { ...tokenDecimals, address: tokenDecimals.address.toLowerCase() } as unknown as Scenario;
    expect(run(lower)).toEqual(tokenDecimals.expected);
  });

  it('leaves every token unrecognised when no coin id is known', () => {
    const history = evmMovements({
      chain: 'ethereum',
      address: tokenDecimals.address,
      tokens: tokenDecimals.tokens,
    });
    const tokens = history.movements.flatMap((movement) =>
      movement.asset.type === 'token' ? [movement.asset] : [],
    );
    expect(tokens).toHaveLength(3);
    expect(tokens.every((asset) => asset.status === 'unrecognised' && asset.coin_id === null)).toBe(true);
  });

  it('refuses records that break the explorer’s own rules', () => {
    const [tx] = failedTx.transactions;
    if (tx === undefined) throw new Error('fixture has no transaction');
    const address = failedTx.address;
    expect(() =>
      evmMovements({ chain: 'arbitrum', address, transactions: [{ ...tx, value: '1.5' }] }),
    ).toThrow(WalletDataError);
    expect(() =>
      evmMovements({ chain: 'arbitrum', address, transactions: [{ ...tx, hash: '0x12' }] }),
    ).toThrow(WalletDataError);
  });
});

describe('inner ids of records that carry none', () => {
  const hash = (n: number) => `0x${String(n).repeat(64).slice(0, 64)}`;
  const self = failedTx.address.toLowerCase();
  const other = '0x52908400098527886e0f7030069857d2e4169ee7';
  const transfer = (tx: number, value: string, logIndex?: string): EtherscanTokenTransfer => ({
    hash: hash(tx),
    blockNumber: '100',
    timeStamp: '1700000000',
    ...(logIndex === undefined ? {} : { logIndex }),
    contractAddress: other,
    from: other,
    to: self,
    value,
    tokenDecimal: '6',
    tokenSymbol: 'TKN',
    tokenName: 'Token',
  });

  it('numbers a record by its place among the records of its transaction, counting those with ids', () => {
    const records = [
      { hash: 'a', id: undefined },
      { hash: 'b', id: '7' },
      { hash: 'a', id: undefined },
      { hash: 'b', id: undefined },
      { hash: 'a', id: '' },
    ];
    expect(innerIds(records, (r) => r.id)).toEqual(['n0', '7', 'n1', 'n1', '']);
  });

  it('gives token transfers and internal calls the outside ids already booked from them', () => {
    const history = evmMovements({
      chain: 'ethereum',
      address: self,
      tokens: [transfer(1, '1000000'), transfer(2, '2000000', '4'), transfer(1, '1000000')],
      internal: [
        {
          hash: hash(3),
          blockNumber: '101',
          timeStamp: '1700000012',
          from: other,
          to: self,
          value: '5',
          isError: '0',
        },
        {
          hash: hash(3),
          blockNumber: '101',
          timeStamp: '1700000012',
          from: other,
          to: self,
          value: '6',
          isError: '0',
          traceId: '0_2',
        },
      ],
    });
    expect(history.movements.map((m) => m.outside_id)).toEqual([
      `${hash(1)}:n0`,
      `${hash(2)}:4`,
      `${hash(1)}:n1`,
      `${hash(3)}:internal:n0`,
      `${hash(3)}:internal:0_2`,
    ]);
  });
});
