import {
  type Alert,
  type AlertListResponse,
  type AlertOperandInput,
  type AlertOperator,
  alertRoutes,
  type BaseCurrency,
  type IndicatorResponse,
} from '@app/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api/client';
import { schemaLoader } from '@/lib/api/lazy-schemas';

/** This feature's response schemas load with its first request (so zod is not in the first paint). */
const schema = schemaLoader(() => import('./alerts-schemas'));

export const alertKeys = {
  all: ['alerts'] as const,
  list: () => ['alerts', 'list'] as const,
  indicator: (coin: string, metric: string, period: number | null, days: number) =>
    ['alerts', 'indicator', coin, metric, period, days] as const,
};

export interface AlertBody {
  coin_id: string;
  left: AlertOperandInput;
  op: AlertOperator;
  right: AlertOperandInput;
  active?: boolean;
  channel_ids?: string[] | null;
  /** A price threshold's currency. */
  currency?: BaseCurrency;
}

export const getAlerts = (signal?: AbortSignal): Promise<AlertListResponse> =>
  apiRequest(alertRoutes.alerts, {
    schema: schema('alertListResponseSchema'),
    ...(signal ? { signal } : {}),
  });

export const createAlert = (body: AlertBody): Promise<Alert> =>
  apiRequest(alertRoutes.alerts, { method: 'POST', body, schema: schema('alertSchema') });

export const updateAlert = (id: string, body: Partial<AlertBody>): Promise<Alert> =>
  apiRequest(alertRoutes.alert(id), { method: 'PATCH', body, schema: schema('alertSchema') });

export const deleteAlert = (id: string): Promise<void> =>
  apiRequest(alertRoutes.alert(id), { method: 'DELETE' });

export const alertsQuery = () =>
  queryOptions({ queryKey: alertKeys.list(), queryFn: ({ signal }) => getAlerts(signal) });

export function getIndicator(
  coin: string,
  metric: 'rsi' | 'macd',
  period: number | null,
  days: number,
  signal?: AbortSignal,
): Promise<IndicatorResponse> {
  const query = new URLSearchParams({ metric, days: String(days) });
  if (period !== null) query.set('period', String(period));
  return apiRequest(`${alertRoutes.indicators(coin)}?${query}`, {
    schema: schema('indicatorResponseSchema'),
    ...(signal ? { signal } : {}),
  });
}

export const indicatorQuery = (coin: string, metric: 'rsi' | 'macd', period: number | null, days: number) =>
  queryOptions({
    queryKey: alertKeys.indicator(coin, metric, period, days),
    queryFn: ({ signal }) => getIndicator(coin, metric, period, days, signal),
  });
