import type { ConnectionProgress, EvmChainName } from '@app/contracts';
import { Dec } from '@app/core';
import { evmChains, unitsToDecimal } from '@app/core/wallets';
import type { EtherscanClient } from '../../integrations/etherscan/index.ts';
import { readEvmWallet } from './evm-wallet-reader.ts';
import { knownTokenCoinId } from './known-tokens.ts';
import type { KnownToken, PendingLine, SyncCursor } from './sync-cursor.ts';
import { balanceKey, type SourcedMovement, signedQuantity, type WalletSnapshot } from './wallet-snapshot.ts';

/** A token the owner mapped to a coin: its later transfers are booked as that coin. */
export interface MappedToken {
  chain: string;
  contract: string;
  coinId: string;
  decimals: number;
}

/**
 * Reads an EVM address on its chains for a sync: native coin and token movements (a token counts
 * as a coin only when the app knows its contract or the owner mapped it), and the balances the
 * chain reports for the native coin and for every known token the address has moved. Movements
 * short of `confirmations` are pending. When a reorganisation made a chain's read start over, the
 * booking is handed that chain's whole confirmed history, so its rows of transactions that left
 * the chain go and rows of transactions that moved take their new time; other chains' rows stay.
 */
export async function readEvmSnapshot(input: {
  client: EtherscanClient;
  address: string;
  chains: readonly EvmChainName[];
  cursor: SyncCursor;
  mapped: readonly MappedToken[];
  /** Blocks deep before a movement is booked (fewer: pending). */
  confirmations: number;
  onProgress: (progress: ConnectionProgress) => void;
  signal?: AbortSignal | undefined;
}): Promise<WalletSnapshot> {
  const { client, signal } = input;
  const mapped = new Map(input.mapped.map((t) => [`${t.chain}:${t.contract.toLowerCase()}`, t]));
  const read = await readEvmWallet({
    client,
    address: input.address,
    chains: input.chains,
    cursor: input.cursor.evm ?? {},
    confirmations: input.confirmations,
    tokenCoinId: (chain, contract) =>
      mapped.get(`${chain}:${contract.toLowerCase()}`)?.coinId ?? knownTokenCoinId(chain, contract),
    onProgress: input.onProgress,
    signal,
  });

  const tokens = new Map<string, Map<string, KnownToken>>();
  const remember = (chain: string, token: KnownToken) => {
    let list = tokens.get(chain);
    if (!list) {
      list = new Map();
      tokens.set(chain, list);
    }
    list.set(token.contract, token);
  };
  for (const [chain, list] of Object.entries(input.cursor.tokens ?? {}))
    for (const t of list) remember(chain, t);
  for (const t of input.mapped) {
    remember(t.chain, { contract: t.contract.toLowerCase(), coin_id: t.coinId, decimals: t.decimals });
  }

  const movements: SourcedMovement[] = [];
  const pending: PendingLine[] = [];
  const confirmedTxs = new Map<string, Date>();
  const restarted = new Set<string>();
  const balances: Record<string, string> = {};
  const add = (key: string, amount: string) => {
    balances[key] = new Dec(balances[key] ?? '0').add(amount).toFixed();
  };
  for (const chainRead of read.chains) {
    const { chain } = chainRead;
    // A known token that is only pending so far still has its balance read, so reconciliation
    // shows the chain's side beside the pending line.
    for (const m of chainRead.held) {
      if (m.asset.type === 'token' && m.asset.coin_id !== null) {
        remember(chain, {
          contract: m.asset.contract_address.toLowerCase(),
          coin_id: m.asset.coin_id,
          decimals: m.asset.decimals,
        });
      }
    }
    for (const m of chainRead.movements) {
      const hash = m.outside_id.split(':')[0] ?? m.outside_id;
      const asset = m.asset;
      const token =
        asset.type === 'token'
          ? {
              chain,
              contract: asset.contract_address,
              name: asset.name,
              symbol: asset.symbol,
              decimals: asset.decimals,
            }
          : undefined;
      if (asset.type === 'token' && asset.coin_id !== null) {
        remember(chain, {
          contract: asset.contract_address.toLowerCase(),
          coin_id: asset.coin_id,
          decimals: asset.decimals,
        });
      }
      movements.push({
        sourceId: `${chain}:${m.outside_id}`,
        txKey: `${chain}:${hash}`,
        chain,
        kind: m.kind,
        coinId: asset.coin_id,
        ...(token && asset.coin_id === null ? { token } : {}),
        quantity: m.quantity,
        executedAt: new Date(m.occurred_at),
      });
    }
    for (const m of chainRead.held) {
      if (m.asset.coin_id === null) continue;
      pending.push({
        source_id: `${chain}:${m.outside_id}`,
        chain,
        coin_id: m.asset.coin_id,
        quantity: signedQuantity(m.kind, m.quantity),
      });
    }
    if (chainRead.confirmed) {
      restarted.add(chain);
      for (const [hash, at] of chainRead.confirmed) confirmedTxs.set(`${chain}:${hash}`, new Date(at));
    }
    add(balanceKey(chain, evmChains[chain].nativeCoinId), chainRead.nativeBalance);
    for (const token of tokens.get(chain)?.values() ?? []) {
      const amount = await client.tokenBalance(
        { chainId: evmChains[chain].chainId, address: input.address, contractAddress: token.contract },
        { signal },
      );
      add(balanceKey(chain, token.coin_id), unitsToDecimal(BigInt(amount), token.decimals));
    }
  }
  movements.sort((a, b) => a.executedAt.getTime() - b.executedAt.getTime());

  const seen: Record<string, KnownToken[]> = {};
  for (const [chain, list] of tokens) seen[chain] = [...list.values()];
  return {
    movements,
    pending,
    balances,
    cursor: { evm: read.cursor, ...(tokens.size > 0 ? { tokens: seen } : {}) },
    progress: read.progress,
    ...(restarted.size > 0
      ? { confirmedTxs, txKeyOf: (sourceId: string) => txKeyIn(restarted, sourceId) }
      : {}),
  };
}

/** `chain:hash` of an EVM source id (`chain:hash[:…]`), or null for a chain that was not read again. */
function txKeyIn(chains: ReadonlySet<string>, sourceId: string): string | null {
  const [chain, hash] = sourceId.split(':');
  if (chain === undefined || hash === undefined || !chains.has(chain)) return null;
  return `${chain}:${hash}`;
}
