import type { McpTool } from '../tool-kit.ts';
import { createAlert, listAlerts, listNotifications } from './alert-tools.ts';
import { listExitPlans, listInsights } from './insight-tools.ts';
import { getCoinHistory, getCoinMarket } from './market-tools.ts';
import { addTransaction, getDashboard, listPortfolios, listTransactions } from './portfolio-tools.ts';
import { getReturns, getTaxLots, getTaxReport } from './tax-tools.ts';

/** Every tool, in the order tools/list shows them: reads first, the two writes last. */
export const mcpTools: readonly McpTool[] = [
  listPortfolios,
  listTransactions,
  getDashboard,
  getTaxLots,
  getTaxReport,
  getReturns,
  listInsights,
  listExitPlans,
  listAlerts,
  listNotifications,
  getCoinMarket,
  getCoinHistory,
  addTransaction,
  createAlert,
];
