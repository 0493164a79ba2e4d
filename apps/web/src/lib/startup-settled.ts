/**
 * The parts no page paints with (the toasts, the unread count, the offline kit, the event
 * stream) waited for the browser's first quiet moment, which came while the page's own code and
 * data were still on the way. Their requests then shared the six connections of HTTP/1.1 with
 * the page's, and Lighthouse's simulated LCP counted them all (bench/README.md has the figure).
 * They now wait until start-up has settled: no API request or page code in flight, for two
 * frames (the render that uses the last answer has painted).
 */

/** The longest anything waits for start-up to settle: a hanging request must not hold the stream. */
export const startupSettleCapMs = 5000;

let inFlight = 0;
/** Bumped by each load started, so a load that starts and ends inside a check restarts it. */
let generation = 0;
let settled = false;
let checking = false;
let capTimer: ReturnType<typeof setTimeout> | undefined;
const waiting = new Set<() => void>();

function settle(): void {
  if (settled) return;
  settled = true;
  clearTimeout(capTimer);
  const tasks = [...waiting];
  waiting.clear();
  for (const task of tasks) task();
}

function nextFrame(): Promise<void> {
  return new Promise((resolve) => requestAnimationFrame(() => resolve()));
}

async function check(): Promise<void> {
  if (checking || settled || waiting.size === 0) return;
  checking = true;
  try {
    while (!settled && inFlight === 0) {
      const seen = generation;
      await nextFrame();
      await nextFrame();
      if (inFlight === 0 && seen === generation) settle();
    }
  } finally {
    checking = false;
  }
}

/**
 * Counts `work` (an API request, a page's code) as start-up until it settles. Returns it unchanged.
 */
export function trackStartupLoad<T>(work: Promise<T>): Promise<T> {
  if (settled) return work;
  inFlight += 1;
  generation += 1;
  const done = () => {
    inFlight -= 1;
    if (inFlight === 0) void check();
  };
  work.then(done, done);
  return work;
}

/**
 * Runs `task` once start-up has settled (at once when it already has; at the latest
 * `startupSettleCapMs` after the first wait began). Returns a function that cancels it.
 */
export function whenStartupSettled(task: () => void): () => void {
  if (settled) {
    task();
    return () => {};
  }
  waiting.add(task);
  capTimer ??= setTimeout(settle, startupSettleCapMs);
  void check();
  return () => waiting.delete(task);
}

/** Test seam: start-up begins again. */
export function resetStartupSettled(): void {
  inFlight = 0;
  generation = 0;
  settled = false;
  checking = false;
  clearTimeout(capTimer);
  capTimer = undefined;
  waiting.clear();
}
