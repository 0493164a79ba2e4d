/** "10 s", "1.5 s", "2 min", "250 ms": how long, the way a person reads it in a status line. */
export function describeDuration(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 120_000) {
    const seconds = Math.round(ms / 100) / 10;
    return `${Number.isInteger(seconds) ? seconds.toFixed(0) : seconds.toFixed(1)} s`;
  }
  if (ms < 7_200_000) return `${Math.round(ms / 60_000)} min`;
  return `${Math.round(ms / 3_600_000)} h`;
}

/** Sentences start with a capital even when they start with a provider's label ("the explorer at …"). */
export function sentence(text: string): string {
  return text.length === 0 ? text : `${text[0]?.toUpperCase() ?? ''}${text.slice(1)}`;
}

/**
 * A short, single-line excerpt of what an explorer said, safe to show: explorers answer errors
 * in plain text ("Invalid Bitcoin address") but a proxy in front may send a whole HTML page.
 */
export function excerpt(body: string, max = 160): string {
  const line = body
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}
