import { describe, expect, it } from 'vitest';
import { oncePerKindLogger } from './once-per-kind-logger.ts';

describe('once-per-kind logger', () => {
  it('writes the first warning of each message and failure kind, then again after reset', () => {
    const lines: string[] = [];
    const log = oncePerKindLogger({ warn: (o, m) => lines.push(`${m} ${String(o.err)}`), info: () => {} });
    log.warn({ err: 'unavailable: 503 from coins/bitcoin' }, 'market call failed');
    log.warn({ err: 'unavailable: 503 from coins/ethereum' }, 'market call failed');
    log.warn({ err: 'malformed: prices is not an array' }, 'market call failed');
    log.warn({ err: 'unavailable: 503' }, 'candle top-up failed');
    expect(lines).toEqual([
      'market call failed unavailable: 503 from coins/bitcoin',
      'market call failed malformed: prices is not an array',
      'candle top-up failed unavailable: 503',
    ]);
    log.reset();
    log.warn({ err: 'unavailable: 503 from coins/ethereum' }, 'market call failed');
    expect(lines).toHaveLength(4);
  });
});
