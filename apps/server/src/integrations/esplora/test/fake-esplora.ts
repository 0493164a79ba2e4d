import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type EsploraTxBodyJson, type EsploraTxJson, sha256Hex } from './esplora-tx-builder.ts';

/**
 * A fake Esplora REST API on 127.0.0.1 holding a small chain the test sets: transactions with
 * their block heights (null: in the mempool). It answers the routes the client uses the way
 * electrs does: an address's history is every transaction paying to or spending from it, newest
 * first; /txs gives up to 50 mempool transactions then the first 25 confirmed; /txs/chain pages
 * 25 confirmed at a time and /txs/chain/:last_seen_txid continues after that txid (an unknown
 * txid gives an empty page, as electrs does); errors are plain text.
 */
export type EsploraFault =
  | { type: 'status'; status: number; retryAfter?: string; body?: string }
  | { type: 'hang' }
  /** A 200 whose body is cut off mid-JSON. */
  | { type: 'malformed' }
  /** A 200 with valid JSON in the wrong shape (a transaction without its status). */
  | { type: 'wrong-shape' };

export type EsploraRoute =
  | '/address/:address'
  | '/address/:address/txs'
  | '/address/:address/txs/chain'
  | '/address/:address/txs/chain/:last_seen_txid'
  | '/address/:address/txs/mempool'
  | '/tx/:txid'
  | '/blocks/tip/height'
  | 'unknown';

export interface ReorgChange {
  /** Every block at or above this height is replaced (new hashes). */
  fromHeight: number;
  /** Transactions dropped from the chain altogether. */
  remove?: string[];
  /** Transactions that land in another block (or back in the mempool, height null). */
  move?: Array<{ txid: string; height: number | null }>;
}

export interface FakeEsplora {
  /** With the /api root, like https://blockstream.info/api. */
  baseUrl: string;
  /** Adds transactions at a height (null: mempool), in the order they were mined. */
  addTxs(height: number | null, txs: EsploraTxBodyJson[]): void;
  /** Forgets every transaction and pending fault, and resets the tip. */
  clear(): void;
  /** Overrides the tip height (default: the highest block holding a transaction). */
  setTip(height: number | null): void;
  reorg(change: ReorgChange): void;
  /** The next `times` requests (to `route` only, when given) get this fault. */
  fail(fault: EsploraFault, times?: number, route?: EsploraRoute): void;
  /** Requests answered per route since the last resetCounts(). */
  count(route: EsploraRoute): number;
  totalRequests(): number;
  resetCounts(): void;
  close(): Promise<void>;
}

const mempoolLimit = 50;
const chainPageSize = 25;
const genesisTime = 1_700_000_000;
const fakeTxidForFault = '0'.repeat(64);

interface StoredTx {
  body: EsploraTxBodyJson;
  height: number | null;
  /** Arrival order, newest last; orders transactions within a block and in the mempool. */
  order: number;
}

interface PendingFault {
  fault: EsploraFault;
  route: EsploraRoute | undefined;
  left: number;
}

function routeOf(path: string): { route: EsploraRoute; params: string[] } {
  const patterns: Array<[RegExp, EsploraRoute]> = [
    [/^\/address\/([^/]+)$/, '/address/:address'],
    [/^\/address\/([^/]+)\/txs$/, '/address/:address/txs'],
    [/^\/address\/([^/]+)\/txs\/chain$/, '/address/:address/txs/chain'],
    [/^\/address\/([^/]+)\/txs\/chain\/([^/]+)$/, '/address/:address/txs/chain/:last_seen_txid'],
    [/^\/address\/([^/]+)\/txs\/mempool$/, '/address/:address/txs/mempool'],
    [/^\/tx\/([^/]+)$/, '/tx/:txid'],
    [/^\/blocks\/tip\/height$/, '/blocks/tip/height'],
  ];
  for (const [pattern, route] of patterns) {
    const match = pattern.exec(path);
    if (match) return { route, params: match.slice(1).map((p) => decodeURIComponent(p)) };
  }
  return { route: 'unknown', params: [] };
}

function touches(tx: EsploraTxBodyJson, address: string): boolean {
  return (
    tx.vout.some((o) => o.scriptpubkey_address === address) ||
    tx.vin.some((i) => i.prevout?.scriptpubkey_address === address)
  );
}

function isAddress(text: string): boolean {
  return /^(bc1|tb1|bcrt1)[a-z0-9]{8,87}$/.test(text) || /^[123mn][1-9A-HJ-NP-Za-km-z]{25,34}$/.test(text);
}

function sendJson(res: ServerResponse, body: unknown): void {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

function sendText(
  res: ServerResponse,
  status: number,
  body: string,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, { 'content-type': 'text/plain', ...headers });
  res.end(body);
}

/** On a free port unless one is named (an end-to-end run points its server at a fixed one). */
export async function startFakeEsplora(options: { port?: number } = {}): Promise<FakeEsplora> {
  const txs = new Map<string, StoredTx>();
  const epochs = new Map<number, number>();
  const faults: PendingFault[] = [];
  const counts = new Map<EsploraRoute, number>();
  let nextOrder = 0;
  let tipOverride: number | null = null;

  const blockHash = (height: number) => sha256Hex(`block:${height}:${epochs.get(height) ?? 0}`);
  const withStatus = (stored: StoredTx): EsploraTxJson => ({
    ...stored.body,
    status:
      stored.height === null
        ? { confirmed: false }
        : {
            confirmed: true,
            block_height: stored.height,
            block_hash: blockHash(stored.height),
            block_time: genesisTime + stored.height * 600,
          },
  });
  const tip = () => tipOverride ?? Math.max(0, ...[...txs.values()].map((t) => t.height ?? 0));

  /** Mempool first (newest first), then confirmed by height, newest first. */
  function history(address: string): { mempool: StoredTx[]; chain: StoredTx[] } {
    const mine = [...txs.values()].filter((t) => touches(t.body, address));
    const mempool = mine.filter((t) => t.height === null).sort((a, b) => b.order - a.order);
    const chain = mine
      .filter((t) => t.height !== null)
      .sort((a, b) => (b.height ?? 0) - (a.height ?? 0) || b.order - a.order);
    return { mempool, chain };
  }

  function stats(address: string, list: StoredTx[]) {
    let funded = 0;
    let fundedSum = 0;
    let spent = 0;
    let spentSum = 0;
    for (const { body } of list) {
      for (const o of body.vout) {
        if (o.scriptpubkey_address !== address) continue;
        funded += 1;
        fundedSum += o.value;
      }
      for (const i of body.vin) {
        if (i.prevout?.scriptpubkey_address !== address) continue;
        spent += 1;
        spentSum += i.prevout.value;
      }
    }
    return {
      funded_txo_count: funded,
      funded_txo_sum: fundedSum,
      spent_txo_count: spent,
      spent_txo_sum: spentSum,
      tx_count: list.length,
    };
  }

  function takeFault(route: EsploraRoute): EsploraFault | null {
    const index = faults.findIndex((f) => f.route === undefined || f.route === route);
    const pending = faults[index];
    if (pending === undefined) return null;
    pending.left -= 1;
    if (pending.left <= 0) faults.splice(index, 1);
    return pending.fault;
  }

  function answer(res: ServerResponse, route: EsploraRoute, params: string[]) {
    const [first = '', second = ''] = params;
    if (route === 'unknown') return sendText(res, 404, 'Not Found');
    if (route === '/blocks/tip/height') return sendText(res, 200, String(tip()));
    if (route === '/tx/:txid') {
      if (!/^[0-9a-f]{64}$/.test(first)) return sendText(res, 400, 'Invalid hex string');
      const stored = txs.get(first);
      return stored ? sendJson(res, withStatus(stored)) : sendText(res, 404, 'Transaction not found');
    }
    if (!isAddress(first)) return sendText(res, 400, 'Invalid Bitcoin address');
    const { mempool, chain } = history(first);
    switch (route) {
      case '/address/:address':
        return sendJson(res, {
          address: first,
          chain_stats: stats(first, chain),
          mempool_stats: stats(first, mempool),
        });
      case '/address/:address/txs':
        return sendJson(res, [
          ...mempool.slice(0, mempoolLimit).map(withStatus),
          ...chain.slice(0, chainPageSize).map(withStatus),
        ]);
      case '/address/:address/txs/mempool':
        return sendJson(res, mempool.slice(0, mempoolLimit).map(withStatus));
      case '/address/:address/txs/chain':
        return sendJson(res, chain.slice(0, chainPageSize).map(withStatus));
      case '/address/:address/txs/chain/:last_seen_txid': {
        const at = chain.findIndex((t) => t.body.txid === second);
        const rest = at < 0 ? [] : chain.slice(at + 1, at + 1 + chainPageSize);
        return sendJson(res, rest.map(withStatus));
      }
    }
  }

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const path = url.pathname.replace(/^\/api(?=\/)/, '');
    const { route, params } = routeOf(path);
    counts.set(route, (counts.get(route) ?? 0) + 1);
    const fault = takeFault(route);
    if (fault?.type === 'hang') return; // never answers: the client's timeout has to fire
    if (fault?.type === 'status') {
      const headers: Record<string, string> =
        fault.retryAfter === undefined ? {} : { 'retry-after': fault.retryAfter };
      return sendText(res, fault.status, fault.body ?? 'Service Unavailable', headers);
    }
    if (fault?.type === 'malformed') {
      res.writeHead(200, { 'content-type': 'application/json' });
      return res.end('[{"txid":"');
    }
    if (fault?.type === 'wrong-shape') {
      const stored = [...txs.values()][0];
      const bodyOnly = stored?.body ?? { txid: fakeTxidForFault };
      return sendJson(res, route === '/tx/:txid' ? bodyOnly : [bodyOnly]);
    }
    answer(res, route, params);
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${port}/api`,
    addTxs: (height, list) => {
      for (const body of list) txs.set(body.txid, { body, height, order: nextOrder++ });
    },
    clear: () => {
      txs.clear();
      epochs.clear();
      faults.length = 0;
      tipOverride = null;
    },
    setTip: (height) => {
      tipOverride = height;
    },
    reorg: (change) => {
      const top = Math.max(tip(), ...(change.move ?? []).map((m) => m.height ?? 0));
      for (let h = change.fromHeight; h <= top; h++) epochs.set(h, (epochs.get(h) ?? 0) + 1);
      for (const txid of change.remove ?? []) txs.delete(txid);
      for (const { txid, height } of change.move ?? []) {
        const stored = txs.get(txid);
        if (stored) txs.set(txid, { ...stored, height, order: nextOrder++ });
      }
    },
    fail: (fault, times = 1, route) => {
      faults.push({ fault, route, left: times });
    },
    count: (route) => counts.get(route) ?? 0,
    totalRequests: () => [...counts.values()].reduce((a, b) => a + b, 0),
    resetCounts: () => counts.clear(),
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
