import type { ExchangeId } from '@app/contracts';
import type { Db } from '../../db/client.ts';
import { createSharedRequestBudget } from '../../db/shared-request-budget.ts';
import {
  createExchangeClient,
  type ExchangeClient,
  type ExchangeCursor,
  type ExchangeHistory,
  type HistoryBatch,
  type HistoryExchangeId,
  isExchangeError,
  loadCcxt,
  readExchangeHistory,
  readKeyPermissions,
} from '../../integrations/exchanges/index.ts';
import type { ExchangeCredentials, KeyPermissions } from './exchange-source.ts';

/** What asking an exchange about a key found. */
export type KeyCheck =
  | { kind: 'ok'; permissions: KeyPermissions }
  /** The exchange refused the key (wrong, revoked, or its secret does not match). */
  | { kind: 'rejected' }
  /** The exchange could not be asked now (down, rate limited, no network): the first sync asks again. */
  | { kind: 'unreachable'; message: string };

/**
 * The exchanges as the connections module sees them: built over ccxt in integrations/exchanges,
 * pointed at other addresses (a proxy, a test's fake) by EXCHANGE_API_URLS.
 */
export interface ExchangeGateway {
  checkKey(credentials: ExchangeCredentials, signal?: AbortSignal): Promise<KeyCheck>;
  /** Everything new since `cursor`; each page is handed to `onBatch` with the cursor that includes it. */
  read(
    credentials: ExchangeCredentials,
    cursor: ExchangeCursor | null,
    options: { onBatch?: (batch: HistoryBatch) => void | Promise<void>; signal?: AbortSignal | undefined },
  ): Promise<ExchangeHistory>;
}

/** How calls to exchanges are paced and bounded (tests keep both short). */
export interface ExchangeCallOptions {
  rateLimitMs?: number;
  timeoutMs?: number;
}

/** ccxt's own spacing of requests per exchange, in ms: the shared budget allows no more across processes. */
const ccxtSpacingMs: Readonly<Record<ExchangeId, number>> = { kraken: 1000, binance: 50, coinbase: 34 };

const readable = (exchange: ExchangeId): exchange is HistoryExchangeId => exchange in ccxtSpacingMs;

export function createExchangeGateway(
  db: Db,
  apiUrls: Partial<Record<ExchangeId, string>>,
  calls: ExchangeCallOptions = {},
): ExchangeGateway {
  // One budget per exchange and address: the exchanges count requests per IP (Binance, Coinbase)
  // or per key (Kraken), and every key of this server leaves from the same address.
  const budgets = new Map<string, ReturnType<typeof createSharedRequestBudget>>();
  function budgetFor(exchange: ExchangeId) {
    const baseUrl = apiUrls[exchange] ?? 'default';
    const provider = `exchange ${exchange} ${baseUrl}`;
    let budget = budgets.get(provider);
    if (!budget) {
      budget = createSharedRequestBudget(db, {
        provider,
        requestsPerSecond: 1000 / (calls.rateLimitMs ?? ccxtSpacingMs[exchange]),
      });
      budgets.set(provider, budget);
    }
    return budget;
  }

  /** ccxt is imported with the first client, not at start: most servers never talk to an exchange. */
  async function client(credentials: ExchangeCredentials): Promise<ExchangeClient<HistoryExchangeId>> {
    await loadCcxt();
    const { exchange } = credentials;
    if (!readable(exchange)) throw new Error(`no reader for ${exchange}`);
    return createExchangeClient({
      exchange,
      apiKey: credentials.apiKey,
      secret: credentials.secret,
      passphrase: credentials.passphrase ?? undefined,
      baseUrl: apiUrls[exchange],
      budget: budgetFor(exchange),
      ...(calls.rateLimitMs === undefined ? {} : { rateLimitMs: calls.rateLimitMs }),
      ...(calls.timeoutMs === undefined ? {} : { timeoutMs: calls.timeoutMs }),
    });
  }

  return {
    async checkKey(credentials) {
      if (!readable(credentials.exchange)) {
        return { kind: 'unreachable', message: 'This exchange cannot be read yet.' };
      }
      try {
        return { kind: 'ok', permissions: await readKeyPermissions(await client(credentials)) };
      } catch (error) {
        if (isExchangeError(error) && error.kind === 'auth') return { kind: 'rejected' };
        if (isExchangeError(error)) return { kind: 'unreachable', message: error.message };
        throw error;
      }
    },

    async read(credentials, cursor, options) {
      return readExchangeHistory(await client(credentials), cursor, {
        ...(options.onBatch ? { onProgress: options.onBatch } : {}),
        signal: options.signal,
      });
    },
  };
}
