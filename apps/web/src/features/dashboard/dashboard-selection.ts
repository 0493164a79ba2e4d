import {
  type DashboardMetric,
  type DashboardReturnType,
  dashboardMetrics,
  returnTypes,
} from '@app/contracts';
import { create } from 'zustand';
import { persist } from 'zustand/middleware';

/** Dashboard top bar: labels shown for the internal metric values. */
export const metricOptions = [
  { value: 'holdings', label: 'Holdings' },
  { value: 'roi', label: 'Returns' },
  { value: 'capital', label: 'Capital' },
  { value: 'cost_basis', label: 'Cost' },
] as const satisfies readonly { value: DashboardMetric; label: string }[];

export const returnTypeOptions = [
  { value: 'total', label: 'Total' },
  { value: 'unrealized', label: 'Unrealized' },
  { value: 'realized', label: 'Realized' },
] as const satisfies readonly { value: DashboardReturnType; label: string }[];

export const costSeriesOptions = [
  { value: 'costBasisPerCoin', label: 'Cost Basis' },
  { value: 'currentPrice', label: 'Current Price' },
  // The chart draws the all-time high as well, so the selector offers it (offer what is drawn).
  { value: 'athPrice', label: 'ATH' },
] as const;
export type CostSeries = (typeof costSeriesOptions)[number]['value'];

export const timeframes = ['1D', '1W', '1M', '3M', '1Y', 'ALL'] as const;
export type Timeframe = (typeof timeframes)[number];

/** Visible dashboard sections; news is hidden. */
export const visibleSections = [
  'portfolioSummary',
  'assetAllocation',
  'performanceChart',
  'recentTransactions',
] as const;

export interface DashboardSelection {
  portfolioId: string;
  metric: DashboardMetric;
  holdingsView: 'chart' | 'list';
  returnType: DashboardReturnType;
  costSeries: CostSeries[];
  viewMode: 'grid' | 'list';
  timeframe: Timeframe;
}

export const defaultSelection: DashboardSelection = {
  portfolioId: 'all',
  metric: 'holdings',
  holdingsView: 'chart',
  returnType: 'total',
  costSeries: ['costBasisPerCoin', 'currentPrice', 'athPrice'],
  viewMode: 'grid',
  timeframe: '1M',
};

/** The dashboard metric falls back to holdings if the selected value is not allowed. */
export function allowedMetric(value: unknown): DashboardMetric {
  return dashboardMetrics.find((m) => m === value) ?? 'holdings';
}

/** The cost series selection is never empty; removing the last one is refused. */
export function toggleCostSeries(current: readonly CostSeries[], series: CostSeries): CostSeries[] {
  if (current.includes(series)) {
    const next = current.filter((s) => s !== series);
    return next.length === 0 ? [...current] : next;
  }
  return costSeriesOptions.map((o) => o.value).filter((v) => v === series || current.includes(v));
}

/** Whatever was stored (an older version, a hand edit) comes back as a valid selection. */
export function sanitizeSelection(
  stored: Partial<Record<keyof DashboardSelection, unknown>>,
): DashboardSelection {
  const costSeries = Array.isArray(stored.costSeries)
    ? costSeriesOptions.map((o) => o.value).filter((v) => (stored.costSeries as unknown[]).includes(v))
    : [];
  return {
    portfolioId: typeof stored.portfolioId === 'string' && stored.portfolioId ? stored.portfolioId : 'all',
    metric: allowedMetric(stored.metric),
    holdingsView: stored.holdingsView === 'list' ? 'list' : 'chart',
    returnType: returnTypes.find((r) => r === stored.returnType) ?? 'total',
    costSeries: costSeries.length > 0 ? costSeries : defaultSelection.costSeries,
    viewMode: stored.viewMode === 'list' ? 'list' : 'grid',
    timeframe: timeframes.find((t) => t === stored.timeframe) ?? defaultSelection.timeframe,
  };
}

interface SelectionStore extends DashboardSelection {
  set(patch: Partial<DashboardSelection>): void;
}

/** Local persistence: the dashboard selections are stored. */
export const useDashboardSelection = create<SelectionStore>()(
  persist(
    (set) => ({
      ...defaultSelection,
      set: (patch) => set((s) => sanitizeSelection({ ...s, ...patch })),
    }),
    {
      name: 'dashboard-selection',
      version: 1,
      partialize: ({ set: _set, ...rest }) => rest,
      merge: (persisted, current) => ({
        ...current,
        ...sanitizeSelection((persisted ?? {}) as Partial<DashboardSelection>),
      }),
    },
  ),
);
