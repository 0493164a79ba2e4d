import { isUpstreamError } from '../../integrations/market-data/index.ts';

export interface MarketLogger {
  warn(object: Record<string, unknown>, message: string): void;
  info(object: Record<string, unknown>, message: string): void;
}

export function errorText(error: unknown): string {
  if (isUpstreamError(error)) return `${error.kind}: ${error.message}`;
  return error instanceof Error ? error.message : String(error);
}
