import type { z } from 'zod';
import {
  ChainHttpClient,
  type FetchLike,
  type HttpAnswer,
  type RetryPolicy,
} from '../chain-http/chain-http-client.ts';
import { type NowMs, realNow, type Sleep } from '../chain-http/clock.ts';
import { ExplorerError } from '../chain-http/explorer-error.ts';
import type { RequestBudget } from '../chain-http/request-budget.ts';
import { excerpt } from '../chain-http/wording.ts';
import { interpretFailure } from './etherscan-envelope.ts';
import {
  type EtherscanListAction,
  type EtherscanRecordOf,
  etherscanAmountSchema,
  etherscanEnvelopeSchema,
  etherscanListSchemas,
  etherscanRpcAnswerSchema,
} from './etherscan-schemas.ts';

export const defaultEtherscanBaseUrl = 'https://api.etherscan.io/v2/api';
/** Etherscan never pages past this many records for one query (page × offset). */
export const etherscanResultWindow = 10_000;

export interface EtherscanClientOptions {
  /** ETHERSCAN_BASE_URL, ending in /v2/api. */
  baseUrl?: string | undefined;
  /** ETHERSCAN_API_KEY; V2 refuses every call without one. */
  apiKey?: string | undefined;
  /** Etherscan limits a key across every chain it serves, so one budget per key, not per chain. */
  budget: RequestBudget;
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

export interface AccountQuery {
  /** EVM chain id: 1 Ethereum, 10 Optimism, 137 Polygon, 8453 Base, 42161 Arbitrum One. */
  chainId: number;
  address: string;
}

export interface ListQuery extends AccountQuery {
  startBlock?: number | undefined;
  endBlock?: number | undefined;
  /** 1-based; page × offset may not pass 10,000. */
  page?: number | undefined;
  offset?: number | undefined;
  sort?: 'asc' | 'desc' | undefined;
  /** tokentx only: transfers of one token. */
  contractAddress?: string | undefined;
}

type Params = Record<string, string | number | undefined>;

/**
 * Etherscan API V2, module=account (lists and balances per chain) and the chain's newest block
 * (module=proxy), validated, failures as ExplorerError.
 */
export class EtherscanClient {
  readonly baseUrl: string;
  private readonly apiKey: string | undefined;
  private readonly http: ChainHttpClient;
  private readonly now: NowMs;

  constructor(options: EtherscanClientOptions) {
    this.baseUrl = (options.baseUrl ?? defaultEtherscanBaseUrl).replace(/\/+$/, '');
    this.apiKey = options.apiKey === '' ? undefined : options.apiKey;
    this.now = options.now ?? realNow;
    this.http = new ChainHttpClient({
      label: 'Etherscan',
      budget: options.budget,
      ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
      ...(options.retry === undefined ? {} : { retry: options.retry }),
      ...(options.fetch === undefined ? {} : { fetch: options.fetch }),
      now: this.now,
      ...(options.sleep === undefined ? {} : { sleep: options.sleep }),
      ...(options.random === undefined ? {} : { random: options.random }),
    });
  }

  /** Normal transactions sent or received by the address. */
  txlist(query: ListQuery, options: CallOptions = {}): Promise<EtherscanRecordOf['txlist'][]> {
    return this.list('txlist', query, options);
  }

  /** Internal transactions (value moved by contract calls) involving the address. */
  txlistInternal(
    query: ListQuery,
    options: CallOptions = {},
  ): Promise<EtherscanRecordOf['txlistinternal'][]> {
    return this.list('txlistinternal', query, options);
  }

  /** ERC-20 transfers to or from the address. */
  tokentx(query: ListQuery, options: CallOptions = {}): Promise<EtherscanRecordOf['tokentx'][]> {
    return this.list('tokentx', query, options);
  }

  async list<A extends EtherscanListAction>(
    action: A,
    query: ListQuery,
    options: CallOptions = {},
  ): Promise<EtherscanRecordOf[A][]> {
    const endpoint = `account/${action}`;
    checkAddress(query.address, endpoint);
    if (query.contractAddress !== undefined) checkAddress(query.contractAddress, endpoint);
    const schema = etherscanListSchemas[action] as unknown as z.ZodType<EtherscanRecordOf[A][]>;
    return this.call(
      action,
      {
        chainid: query.chainId,
        address: query.address,
        contractaddress: action === 'tokentx' ? query.contractAddress : undefined,
        startblock: query.startBlock,
        endblock: query.endBlock,
        page: query.page,
        offset: query.offset,
        sort: query.sort,
      },
      schema,
      true,
      options,
    );
  }

  /** The address's native balance in wei, as a decimal string. */
  async balance(query: AccountQuery, options: CallOptions = {}): Promise<string> {
    checkAddress(query.address, 'account/balance');
    return this.call(
      'balance',
      { chainid: query.chainId, address: query.address, tag: 'latest' },
      etherscanAmountSchema,
      false,
      options,
    );
  }

  /** The address's balance of one ERC-20 token, in the token's smallest unit, as a decimal string. */
  async tokenBalance(
    query: AccountQuery & { contractAddress: string },
    options: CallOptions = {},
  ): Promise<string> {
    checkAddress(query.address, 'account/tokenbalance');
    checkAddress(query.contractAddress, 'account/tokenbalance');
    return this.call(
      'tokenbalance',
      {
        chainid: query.chainId,
        contractaddress: query.contractAddress,
        address: query.address,
        tag: 'latest',
      },
      etherscanAmountSchema,
      false,
      options,
    );
  }

  /** The number of the chain's newest block (eth_blockNumber), for how deep a record lies. */
  async tipBlock(query: { chainId: number }, options: CallOptions = {}): Promise<number> {
    const endpoint = `proxy/eth_blockNumber (chain ${String(query.chainId)})`;
    return this.http.request({
      url: this.url('proxy', 'eth_blockNumber', { chainid: query.chainId }),
      endpoint,
      read: (answer: HttpAnswer) => {
        const body = this.http.parseJson(answer.body, endpoint);
        if (typeof body === 'object' && body !== null && !('jsonrpc' in body)) {
          this.envelopeResult(body, endpoint, false);
        }
        const rpc = this.http.validate(etherscanRpcAnswerSchema, body, endpoint);
        if ('error' in rpc) {
          throw new ExplorerError({
            kind: 'unreachable',
            message: `Etherscan could not tell the newest block (it said "${excerpt(rpc.error.message)}").`,
            endpoint,
          });
        }
        return Number.parseInt(rpc.result, 16);
      },
      signal: options.signal,
    });
  }

  private url(module: string, action: string, params: Params): string {
    const search = new URLSearchParams({ module, action });
    for (const [key, value] of Object.entries(params))
      if (value !== undefined) search.set(key, String(value));
    if (this.apiKey !== undefined) search.set('apikey', this.apiKey);
    return `${this.baseUrl}?${search.toString()}`;
  }

  /** The envelope's result, or the ExplorerError its status "0" stands for. */
  private envelopeResult(body: unknown, endpoint: string, list: boolean): unknown {
    const envelope = this.http.validate(etherscanEnvelopeSchema, body, endpoint);
    return envelope.status === '1'
      ? envelope.result
      : interpretFailure(envelope.message, envelope.result, {
          endpoint,
          list,
          keySent: this.apiKey !== undefined,
          now: this.now(),
        });
  }

  private call<T>(
    action: string,
    params: Params,
    schema: z.ZodType<T>,
    list: boolean,
    options: CallOptions,
  ): Promise<T> {
    const endpoint = `account/${action} (chain ${String(params.chainid)})`;
    return this.http.request({
      url: this.url('account', action, params),
      endpoint,
      read: (answer: HttpAnswer) => {
        const result = this.envelopeResult(this.http.parseJson(answer.body, endpoint), endpoint, list);
        return this.http.validate(schema, result, endpoint);
      },
      signal: options.signal,
    });
  }
}

/** Checked before sending: an address is a query value, and a typo should not cost a request. */
function checkAddress(value: string, endpoint: string): void {
  if (!/^0x[0-9a-fA-F]{40}$/.test(value)) {
    // The address stays out of the message: addresses are kept private.
    throw new ExplorerError({ kind: 'rejected', message: 'This is not an EVM address.', endpoint });
  }
}
