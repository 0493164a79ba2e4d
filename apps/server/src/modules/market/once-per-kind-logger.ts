import type { MarketLogger } from './market-state.ts';

/**
 * A provider outage fails every call the same way; logging each one would bury the log. This
 * logger writes the first warning of each (message, failure kind) and drops repeats until
 * reset() (the next successful refresh), so an outage logs once per kind.
 */
export function oncePerKindLogger(logger: MarketLogger | undefined): MarketLogger & { reset(): void } {
  const seen = new Set<string>();
  return {
    warn(object, message) {
      const err = typeof object.err === 'string' ? object.err : '';
      // errorText() writes upstream failures as "kind: message"; the kind is what repeats.
      const key = `${message}|${err.split(':')[0]}`;
      if (seen.has(key)) return;
      seen.add(key);
      logger?.warn(object, message);
    },
    info(object, message) {
      logger?.info(object, message);
    },
    reset() {
      seen.clear();
    },
  };
}
