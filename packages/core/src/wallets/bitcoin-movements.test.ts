import { describe, expect, it } from 'vitest';
import {
  type BitcoinTransactionMovements,
  bitcoinMovements,
  type EsploraTransaction,
} from './bitcoin-movements.ts';
import coinjoin from './fixtures/bitcoin/coinjoin-mixed-inputs.json' with { type: 'json' };
import consolidation from './fixtures/bitcoin/consolidation.json' with { type: 'json' };
import payjoin from './fixtures/bitcoin/payjoin-receive.json' with { type: 'json' };
import pendingAndCoinbase from './fixtures/bitcoin/pending-and-coinbase.json' with { type: 'json' };
import plainReceive from './fixtures/bitcoin/plain-receive.json' with { type: 'json' };
import sendWithChange from './fixtures/bitcoin/send-with-change.json' with { type: 'json' };
import twoOwnInputs from './fixtures/bitcoin/two-own-inputs.json' with { type: 'json' };
import { WalletDataError } from './movement-types.ts';

/**
 * Fixture format: `source` (how the figures were worked), `own_addresses`, `transactions` in
 * Esplora's shape, and `expected`: the `confirmed` and `pending` lists exactly as returned.
 */
interface Scenario {
  scenario: string;
  source: string;
  own_addresses: string[];
  transactions: EsploraTransaction[];
  expected: { confirmed: BitcoinTransactionMovements[]; pending: BitcoinTransactionMovements[] };
}

const scenarios = [
  plainReceive,
  sendWithChange,
  consolidation,
  twoOwnInputs,
  coinjoin,
  payjoin,
  pendingAndCoinbase,
] as unknown as Scenario[];

/** Satoshis of an 8-decimal BTC string, exactly. */
const toSats = (btc: string) => BigInt(btc.replace('.', ''));

describe.each(scenarios)('bitcoin scenario: $scenario', (fixture) => {
  const history = bitcoinMovements(fixture.transactions, fixture.own_addresses);

  it('names its source', () => {
    expect(fixture.source.length).toBeGreaterThan(40);
  });

  it('gives the expected movements', () => {
    expect(history).toEqual(fixture.expected);
  });

  it('adds up to what the balance did, in every transaction', () => {
    for (const tx of [...history.confirmed, ...history.pending]) {
      const sum = tx.movements.reduce((total, movement) => {
        const sats = toSats(movement.quantity);
        return movement.kind === 'receive' ? total + sats : total - sats;
      }, 0n);
      expect(sum).toBe(toSats(tx.net));
      expect(tx.movements.every((movement) => toSats(movement.quantity) > 0n)).toBe(true);
    }
  });

  it('gives every movement its own outside id', () => {
    const ids = history.confirmed.flatMap((tx) => tx.movements.map((movement) => movement.outside_id));
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe('bitcoin movements', () => {
  const [tx] = sendWithChange.transactions as EsploraTransaction[];
  if (tx === undefined) throw new Error('fixture has no transaction');

  it('matches own addresses whatever their case', () => {
    const upper = sendWithChange.own_addresses.map((address) => address.toUpperCase());
    expect(bitcoinMovements([tx], upper)).toEqual(sendWithChange.expected);
  });

  it('refuses amounts that are not whole satoshis, and a fee that does not add up', () => {
    const fractional = { ...tx, vout: [{ scriptpubkey_address: 'x', value: 0.5 }] };
    expect(() => bitcoinMovements([fractional], [])).toThrow(WalletDataError);
    expect(() => bitcoinMovements([{ ...tx, fee: 14999 }], [])).toThrow(/fee 14999/);
  });
});
