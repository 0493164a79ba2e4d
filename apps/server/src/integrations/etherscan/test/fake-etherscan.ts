import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  type EtherscanRecordJson,
  fakeBlockHash,
  fakeTimeStamp,
  type TokenTransferJson,
} from './etherscan-records.ts';

/**
 * A fake Etherscan API V2 on 127.0.0.1: GET /v2/api?chainid=…&module=account&action=… with
 * txlist, txlistinternal, tokentx, balance and tokenbalance, and module=proxy&action=eth_blockNumber
 * (the tip, answered in JSON-RPC's shape as Etherscan's proxy does). Like Etherscan it answers HTTP 200
 * with an envelope `{status, message, result}` for its own errors: "No transactions found" for
 * an empty list, "NOTOK" with a sentence for a bad key, chain, address or page window, and
 * pages by page × offset within a result window (10,000), filtered by startblock/endblock.
 */
export type EtherscanAction =
  | 'txlist'
  | 'txlistinternal'
  | 'tokentx'
  | 'balance'
  | 'tokenbalance'
  | 'eth_blockNumber';

/** A reorganisation from `fromBlock` up: transactions (by hash) that left the chain or moved. */
export interface FakeReorg {
  fromBlock: number;
  remove?: string[];
  move?: { hash: string; block: number }[];
}

export type EtherscanFault =
  | { type: 'status'; status: number; retryAfter?: string; body?: string }
  | { type: 'hang' }
  /** A 200 whose body is cut off mid-JSON. */
  | { type: 'malformed' }
  /** Status "1" with a record missing most of its fields. */
  | { type: 'wrong-shape' }
  /** The per-second limit, as Etherscan words it. */
  | { type: 'rate-limit' }
  | { type: 'daily-limit' }
  /** Any other status "0" answer. */
  | { type: 'notok'; result: string }
  /** A JSON-RPC error, as module=proxy answers one. */
  | { type: 'rpc-error'; message: string };

type ListAction = 'txlist' | 'txlistinternal' | 'tokentx';

interface AccountState {
  lists: Record<ListAction, EtherscanRecordJson[]>;
  balance: string;
  tokenBalances: Map<string, string>;
}

export interface FakeEtherscan {
  /** Ends in /v2/api, like the real one. */
  baseUrl: string;
  /** The only key it accepts. */
  apiKey: string;
  /** Appends records (oldest first) to what the address's list answers. */
  addRecords(chainId: number, address: string, action: ListAction, records: EtherscanRecordJson[]): void;
  setBalance(chainId: number, address: string, wei: string): void;
  setTokenBalance(chainId: number, address: string, contract: string, amount: string): void;
  /** The chain's newest block, for `confirmations` (default: the highest block holding a record). */
  setTip(chainId: number, block: number): void;
  /**
   * Replaces the chain's blocks from `fromBlock` up: every record there gets its new block's hash,
   * removed transactions are listed no more, moved ones carry their new block's number, hash and time.
   */
  reorg(chainId: number, reorg: FakeReorg): void;
  /** Etherscan's page × offset ceiling (10,000); tests of the boundary may lower it. */
  setResultWindow(records: number): void;
  /** The next `times` requests (for `action` only, when given) get this fault. */
  fail(fault: EtherscanFault, times?: number, action?: EtherscanAction): void;
  /** Forgets the faults not yet given. */
  clearFaults(): void;
  /** Every request's query since the last resetCounts(), in order. */
  requests: URLSearchParams[];
  count(action?: EtherscanAction): number;
  resetCounts(): void;
  /** Forgets every account, fault and setting. */
  clear(): void;
  close(): Promise<void>;
}

export const supportedChainIds = new Set([1, 10, 56, 137, 8453, 42161, 43114, 11155111]);
const defaultWindow = 10_000;

function sendEnvelope(res: ServerResponse, status: '0' | '1', message: string, result: unknown): void {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ status, message, result }));
}

const notOk = (res: ServerResponse, result: string) => sendEnvelope(res, '0', 'NOTOK', result);

function isAddress(value: string | null): value is string {
  return value !== null && /^0x[0-9a-fA-F]{40}$/.test(value);
}

export async function startFakeEtherscan(apiKey = 'fake-etherscan-key'): Promise<FakeEtherscan> {
  const chains = new Map<number, Map<string, AccountState>>();
  const tips = new Map<number, number>();
  let forks = 0;
  const faults: Array<{ fault: EtherscanFault; action: EtherscanAction | undefined; left: number }> = [];
  const requests: URLSearchParams[] = [];
  let resultWindow = defaultWindow;

  function account(chainId: number, address: string): AccountState {
    let accounts = chains.get(chainId);
    if (!accounts) {
      accounts = new Map();
      chains.set(chainId, accounts);
    }
    const key = address.toLowerCase();
    let state = accounts.get(key);
    if (!state) {
      state = {
        lists: { txlist: [], txlistinternal: [], tokentx: [] },
        balance: '0',
        tokenBalances: new Map(),
      };
      accounts.set(key, state);
    }
    return state;
  }

  function tipOf(chainId: number): number {
    const set = tips.get(chainId);
    if (set !== undefined) return set;
    let top = 0;
    for (const state of chains.get(chainId)?.values() ?? []) {
      for (const list of Object.values(state.lists))
        for (const r of list) top = Math.max(top, Number(r.blockNumber));
    }
    return top;
  }

  function takeFault(action: string | null): EtherscanFault | null {
    const index = faults.findIndex((f) => f.action === undefined || f.action === action);
    const pending = faults[index];
    if (pending === undefined) return null;
    pending.left -= 1;
    if (pending.left <= 0) faults.splice(index, 1);
    return pending.fault;
  }

  function list(res: ServerResponse, q: URLSearchParams, chainId: number, action: ListAction) {
    const address = q.get('address');
    if (!isAddress(address)) return notOk(res, 'Error! Invalid address format');
    const start = Number(q.get('startblock') ?? '0');
    const end = Number(q.get('endblock') ?? String(Number.MAX_SAFE_INTEGER));
    const page = Number(q.get('page') ?? '1');
    const offset = Number(q.get('offset') ?? String(resultWindow));
    if (![start, end, page, offset].every(Number.isInteger) || page < 1 || offset < 1) {
      return notOk(res, 'Error! Invalid parameter');
    }
    if (page * offset > resultWindow) {
      return notOk(
        res,
        `Result window is too large, PageNo x Offset size must be less than or equal to ${resultWindow}`,
      );
    }
    const contract = q.get('contractaddress')?.toLowerCase();
    const tip = tipOf(chainId);
    let rows = account(chainId, address).lists[action].filter((r) => {
      const block = Number(r.blockNumber);
      if (block < start || block > end) return false;
      return contract === undefined || (r as TokenTransferJson).contractAddress === contract;
    });
    // Stable: records of one block keep the order they were added in, as Etherscan keeps log order.
    rows = rows
      .map((r, i) => ({ r, i }))
      .sort((a, b) => Number(a.r.blockNumber) - Number(b.r.blockNumber) || a.i - b.i)
      .map((x) => x.r);
    if (q.get('sort') === 'desc') rows.reverse();
    const slice = rows.slice((page - 1) * offset, page * offset).map((r) => ({
      ...r,
      confirmations: String(Math.max(0, tip - Number(r.blockNumber) + 1)),
    }));
    if (slice.length === 0) return sendEnvelope(res, '0', 'No transactions found', []);
    sendEnvelope(res, '1', 'OK', slice);
  }

  function answer(res: ServerResponse, q: URLSearchParams) {
    const key = q.get('apikey');
    if (key === null || key === '') return notOk(res, 'Missing/Invalid API Key');
    if (key !== apiKey) return notOk(res, 'Invalid API Key');
    const chainId = Number(q.get('chainid'));
    if (!supportedChainIds.has(chainId)) {
      return notOk(
        res,
        'Missing or unsupported chainid parameter (required for v2 api), please see https://api.etherscan.io/v2/chainlist for the list of supported chainids',
      );
    }
    const action = q.get('action');
    if (q.get('module') === 'proxy' && action === 'eth_blockNumber') {
      res.writeHead(200, { 'content-type': 'application/json' });
      return res.end(JSON.stringify({ jsonrpc: '2.0', id: 83, result: `0x${tipOf(chainId).toString(16)}` }));
    }
    if (q.get('module') !== 'account') return notOk(res, 'Error! Missing Or invalid Module name');
    if (action === 'txlist' || action === 'txlistinternal' || action === 'tokentx') {
      return list(res, q, chainId, action);
    }
    const address = q.get('address');
    if (action === 'balance') {
      if (!isAddress(address)) return notOk(res, 'Error! Invalid address format');
      return sendEnvelope(res, '1', 'OK', account(chainId, address).balance);
    }
    if (action === 'tokenbalance') {
      const contract = q.get('contractaddress');
      if (!isAddress(address) || !isAddress(contract)) return notOk(res, 'Error! Invalid address format');
      const amount = account(chainId, address).tokenBalances.get(contract.toLowerCase()) ?? '0';
      return sendEnvelope(res, '1', 'OK', amount);
    }
    notOk(res, 'Error! Missing Or invalid Action name');
  }

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (url.pathname !== '/v2/api') {
      res.writeHead(404, { 'content-type': 'text/html' });
      return res.end('<html><body>Page not found</body></html>');
    }
    const q = url.searchParams;
    requests.push(q);
    const fault = takeFault(q.get('action'));
    if (fault?.type === 'hang') return; // never answers: the client's timeout has to fire
    if (fault?.type === 'status') {
      const headers: Record<string, string> = { 'content-type': 'text/html' };
      if (fault.retryAfter !== undefined) headers['retry-after'] = fault.retryAfter;
      res.writeHead(fault.status, headers);
      return res.end(fault.body ?? '<html><body>Service Temporarily Unavailable</body></html>');
    }
    if (fault?.type === 'malformed') {
      res.writeHead(200, { 'content-type': 'application/json' });
      return res.end('{"status":"1","message":"OK","result":[{"blockNumber":"1');
    }
    if (fault?.type === 'wrong-shape') return sendEnvelope(res, '1', 'OK', [{ blockNumber: 1, hash: null }]);
    if (fault?.type === 'rate-limit') return notOk(res, 'Max calls per sec rate limit reached (5/sec)');
    if (fault?.type === 'daily-limit')
      return notOk(res, 'Max daily rate limit reached. 100000 (100K) per day');
    if (fault?.type === 'notok') return notOk(res, fault.result);
    if (fault?.type === 'rpc-error') {
      res.writeHead(200, { 'content-type': 'application/json' });
      return res.end(
        JSON.stringify({ jsonrpc: '2.0', id: 83, error: { code: -32000, message: fault.message } }),
      );
    }
    answer(res, q);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${port}/v2/api`,
    apiKey,
    addRecords: (chainId, address, action, records) => {
      account(chainId, address).lists[action].push(...records);
    },
    setBalance: (chainId, address, wei) => {
      account(chainId, address).balance = wei;
    },
    setTokenBalance: (chainId, address, contract, amount) => {
      account(chainId, address).tokenBalances.set(contract.toLowerCase(), amount);
    },
    setTip: (chainId, block) => {
      tips.set(chainId, block);
    },
    reorg: (chainId, change) => {
      forks += 1;
      const fork = forks;
      const gone = new Set(change.remove ?? []);
      const moved = new Map((change.move ?? []).map((m) => [m.hash, m.block]));
      for (const state of chains.get(chainId)?.values() ?? []) {
        for (const action of Object.keys(state.lists) as ListAction[]) {
          state.lists[action] = state.lists[action]
            .filter((r) => !(Number(r.blockNumber) >= change.fromBlock && gone.has(r.hash)))
            .map((r) => {
              const at = Number(r.blockNumber);
              if (at < change.fromBlock) return r;
              const block = moved.get(r.hash) ?? at;
              const placed = { ...r, blockNumber: String(block), timeStamp: fakeTimeStamp(block) };
              return 'blockHash' in placed ? { ...placed, blockHash: fakeBlockHash(block, fork) } : placed;
            });
        }
      }
    },
    setResultWindow: (records) => {
      resultWindow = records;
    },
    fail: (fault, times = 1, action) => {
      faults.push({ fault, action, left: times });
    },
    clearFaults: () => {
      faults.length = 0;
    },
    requests,
    count: (action) =>
      action === undefined ? requests.length : requests.filter((q) => q.get('action') === action).length,
    resetCounts: () => {
      requests.length = 0;
    },
    clear: () => {
      chains.clear();
      tips.clear();
      forks = 0;
      faults.length = 0;
      requests.length = 0;
      resultWindow = defaultWindow;
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
