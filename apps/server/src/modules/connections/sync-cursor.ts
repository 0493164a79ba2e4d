import type { BitcoinTransactionMovements } from '@app/core/wallets';
import type { ExchangeCursor } from '../../integrations/exchanges/index.ts';
import { createSecretBox, type SecretBox } from '../../lib/secret-box.ts';
import type { BitcoinCursor } from './bitcoin-wallet-reader.ts';
import type { EvmCursor } from './evm-wallet-reader.ts';

/** A movement seen but not booked yet: in the mempool, or short of the confirmations asked for. */
export interface PendingLine {
  source_id: string;
  chain: string;
  coin_id: string;
  /** Signed: what booking it will add to (or take from) the ledger's side. */
  quantity: string;
}

/** A token the app knows (or the owner mapped) that this connection moved: its balance is read. */
export interface KnownToken {
  contract: string;
  coin_id: string;
  decimals: number;
}

/**
 * Everything a sync keeps between runs, sealed as one value: the readers' own cursors, Bitcoin
 * transactions confirmed too recently to book (rechecked next time, since the reader's cursor has
 * moved past them), the pending lines reconciliation lists, the known tokens whose balances are
 * read, and what each booked row moved when it was booked (so reconciliation can tell a row the
 * owner removed or changed from the chain's account).
 */
export interface SyncCursor {
  bitcoin?: BitcoinCursor;
  evm?: EvmCursor;
  held?: BitcoinTransactionMovements[];
  pending?: PendingLine[];
  /** Per chain: the known tokens seen. */
  tokens?: Record<string, KnownToken[]>;
  /** source id → [coin id, signed quantity] as booked. */
  booked?: Record<string, [string, string]>;
  /** An exchange account's reader cursor (per endpoint and market). */
  exchange?: ExchangeCursor;
}

const purpose = 'connection-cursors:v1';

/** Sealed under a key of its own purpose, bound to the connection's id like its secret. */
export function createCursorBox(sessionSecret: string): {
  seal(cursor: SyncCursor, connectionId: string): Uint8Array;
  /** An empty cursor before the first sync; null when it no longer opens (SESSION_SECRET changed). */
  open(sealed: Uint8Array | null, connectionId: string): SyncCursor | null;
} {
  const box: SecretBox = createSecretBox(sessionSecret, purpose);
  return {
    seal: (cursor, connectionId) => box.seal(JSON.stringify(cursor), connectionId),
    open(sealed, connectionId) {
      if (sealed === null) return {};
      const text = box.open(sealed, connectionId);
      if (text === null) return null;
      return JSON.parse(text) as SyncCursor;
    },
  };
}
