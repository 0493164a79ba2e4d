import { ChainHttpClient, type FetchLike, type RetryPolicy } from '../chain-http/chain-http-client.ts';
import type { NowMs, Sleep } from '../chain-http/clock.ts';
import { ExplorerError } from '../chain-http/explorer-error.ts';
import type { RequestBudget } from '../chain-http/request-budget.ts';
import { sentence } from '../chain-http/wording.ts';
import {
  type EsploraAddressStats,
  type EsploraTx,
  esploraAddressStatsSchema,
  esploraTxListSchema,
  esploraTxSchema,
  tipHeightTextSchema,
  txidSchema,
} from './esplora-schemas.ts';

export const defaultEsploraBaseUrl = 'https://blockstream.info/api';
/** Confirmed transactions per page of /address/:address/txs/chain on Esplora's default build. */
export const esploraChainPageSize = 25;

export interface EsploraClientOptions {
  /** ESPLORA_BASE_URL: Blockstream, mempool.space or a self-hosted instance, with its /api root. */
  baseUrl?: string | undefined;
  /** Shared by every caller of this instance, so many wallets syncing at once stay within its limits. */
  budget: RequestBudget;
  /** How messages name the explorer; defaults to "the explorer at <host>". */
  label?: string;
  timeoutMs?: number;
  retry?: Partial<RetryPolicy>;
  fetch?: FetchLike;
  now?: NowMs;
  sleep?: Sleep;
  random?: () => number;
}

export interface CallOptions {
  signal?: AbortSignal | undefined;
}

/** An Esplora REST client: every answer validated whole, failures as ExplorerError. */
export class EsploraClient {
  readonly baseUrl: string;
  private readonly http: ChainHttpClient;

  constructor(options: EsploraClientOptions) {
    this.baseUrl = (options.baseUrl ?? defaultEsploraBaseUrl).replace(/\/+$/, '');
    this.http = new ChainHttpClient({
      label: options.label ?? `the explorer at ${new URL(this.baseUrl).host}`,
      budget: options.budget,
      ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
      ...(options.retry === undefined ? {} : { retry: options.retry }),
      ...(options.fetch === undefined ? {} : { fetch: options.fetch }),
      ...(options.now === undefined ? {} : { now: options.now }),
      ...(options.sleep === undefined ? {} : { sleep: options.sleep }),
      ...(options.random === undefined ? {} : { random: options.random }),
    });
  }

  /** Funded and spent outputs of an address, confirmed and in the mempool apart. */
  async addressStats(address: string, options: CallOptions = {}): Promise<EsploraAddressStats> {
    const endpoint = 'address';
    return this.http.request({
      url: this.url(`/address/${this.addressSegment(address, endpoint)}`),
      endpoint,
      subject: 'this address',
      read: this.http.json(esploraAddressStatsSchema, endpoint),
      signal: options.signal,
    });
  }

  /** Up to 50 mempool transactions, then the newest 25 confirmed ones, newest first. */
  async addressTxs(address: string, options: CallOptions = {}): Promise<EsploraTx[]> {
    const endpoint = 'address/txs';
    return this.http.request({
      url: this.url(`/address/${this.addressSegment(address, endpoint)}/txs`),
      endpoint,
      subject: 'this address',
      read: this.http.json(esploraTxListSchema, endpoint),
      signal: options.signal,
    });
  }

  /**
   * One page of confirmed transactions, newest first: the newest page without `lastSeenTxid`,
   * else the page after that txid. An unconfirmed transaction in the answer breaks the protocol.
   */
  async addressTxsChain(
    address: string,
    lastSeenTxid?: string,
    options: CallOptions = {},
  ): Promise<EsploraTx[]> {
    const endpoint = 'address/txs/chain';
    const tail = lastSeenTxid === undefined ? '' : `/${this.txidSegment(lastSeenTxid, endpoint)}`;
    return this.http.request({
      url: this.url(`/address/${this.addressSegment(address, endpoint)}/txs/chain${tail}`),
      endpoint,
      subject: 'this address',
      read: (answer) => {
        const txs = this.http.json(esploraTxListSchema, endpoint)(answer);
        if (txs.some((tx) => !tx.status.confirmed)) {
          throw new ExplorerError({
            kind: 'malformed',
            message: `${sentence(this.http.label)} listed an unconfirmed transaction among confirmed ones, so the page was not used.`,
            endpoint,
          });
        }
        return txs;
      },
      signal: options.signal,
    });
  }

  async tx(txid: string, options: CallOptions = {}): Promise<EsploraTx> {
    const endpoint = 'tx';
    return this.http.request({
      url: this.url(`/tx/${this.txidSegment(txid, endpoint)}`),
      endpoint,
      subject: 'this transaction',
      read: this.http.json(esploraTxSchema, endpoint),
      signal: options.signal,
    });
  }

  /** The height of the newest block; Esplora answers it as plain text. */
  async tipHeight(options: CallOptions = {}): Promise<number> {
    const endpoint = 'blocks/tip/height';
    return this.http.request({
      url: this.url('/blocks/tip/height'),
      endpoint,
      read: (answer) => this.http.validate(tipHeightTextSchema, answer.body, endpoint),
      signal: options.signal,
    });
  }

  private url(path: string): string {
    return `${this.baseUrl}${path}`;
  }

  /**
   * Checked before any request: an address is a path segment, so it must not carry one of its own.
   * The address itself stays out of the message, as addresses are kept private.
   */
  private addressSegment(address: string, endpoint: string): string {
    if (!/^[A-Za-z0-9]{14,100}$/.test(address)) {
      throw new ExplorerError({ kind: 'rejected', message: 'This is not a Bitcoin address.', endpoint });
    }
    return address;
  }

  private txidSegment(txid: string, endpoint: string): string {
    if (!txidSchema.safeParse(txid).success) {
      throw new ExplorerError({ kind: 'rejected', message: 'This is not a transaction id.', endpoint });
    }
    return txid.toLowerCase();
  }
}
