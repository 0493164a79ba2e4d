// Runs every benchmark; each prints its own figures beside its baseline. Needs `npm run build` first.
import { benchAlerts } from './alerts.bench.ts';
import { benchDashboard } from './dashboard.bench.ts';
import { benchDelivery } from './delivery.bench.ts';
import { benchExchangeSync } from './exchange-sync.bench.ts';
import { benchHistoryBackfill } from './history-backfill.bench.ts';
import { benchInsights } from './insights.bench.ts';
import { benchMarketList } from './market-list.bench.ts';
import { benchMarketRefresh } from './market-refresh.bench.ts';
import { benchMcp } from './mcp.bench.ts';
import { benchProjections } from './projections.bench.ts';
import { benchSessionStatus } from './session-status.bench.ts';
import { benchTax } from './tax.bench.ts';
import { benchWalletSync } from './wallet-sync.bench.ts';

await benchSessionStatus();
await benchProjections();
await benchDashboard();
await benchInsights();
await benchTax();
await benchMcp();
await benchAlerts();
await benchDelivery();
await benchMarketList();
await benchHistoryBackfill();
await benchMarketRefresh();
await benchWalletSync();
await benchExchangeSync();
