import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { createSharedRequestBudget } from '../../db/shared-request-budget.ts';
import type { RetryPolicy } from '../../integrations/chain-http/index.ts';
import { EsploraClient } from '../../integrations/esplora/index.ts';
import { EtherscanClient } from '../../integrations/etherscan/index.ts';

/**
 * The explorers every sync shares: one client per provider, and one request budget per provider
 * kept in the database, so every server process on it stays within the provider's allowance.
 */
export interface Explorers {
  esplora: EsploraClient;
  /** Null without ETHERSCAN_API_KEY: Etherscan's V2 API answers nothing without one. */
  etherscan: EtherscanClient | null;
}

/** How one call to an explorer may retry and how long it may take (tests keep both short). */
export interface ExplorerCallOptions {
  retry?: Partial<RetryPolicy>;
  timeoutMs?: number;
}

export function createExplorers(
  db: Db,
  config: Config['explorers'],
  calls: ExplorerCallOptions = {},
): Explorers {
  const common = {
    ...(calls.retry ? { retry: calls.retry } : {}),
    ...(calls.timeoutMs === undefined ? {} : { timeoutMs: calls.timeoutMs }),
  };
  const esplora = new EsploraClient({
    baseUrl: config.esplora.baseUrl,
    budget: createSharedRequestBudget(db, {
      provider: `esplora ${config.esplora.baseUrl}`,
      requestsPerSecond: config.esplora.requestsPerSecond,
    }),
    ...common,
  });
  const { apiKey } = config.etherscan;
  const etherscan =
    apiKey === undefined
      ? null
      : new EtherscanClient({
          baseUrl: config.etherscan.baseUrl,
          apiKey,
          // Etherscan counts a key's calls over every chain it serves: one budget for all of them.
          budget: createSharedRequestBudget(db, {
            provider: `etherscan ${config.etherscan.baseUrl}`,
            requestsPerSecond: config.etherscan.requestsPerSecond,
          }),
          ...common,
        });
  return { esplora, etherscan };
}
