// Where a route's long tasks spend their time: loads one signed-in route of the built app in
// Chromium at 4x CPU slowdown (Lighthouse mobile's multiplier), records a trace and a CPU profile,
// and prints each task over 50 ms with the functions that took most of it (self and inclusive).
// `npm run build` (ideally `ROUTE_BUDGET=report npx vite build --minify false` in apps/web for
// readable names), then `node --import tsx bench/lighthouse/profile.ts /transactions`
// (PROFILE_MIN_TASK_MS=30 prints shorter tasks too; PROFILE_MARKET=live runs the app live against
// bench/lib/fake-live-market, as LIGHTHOUSE_MARKET=live does). Prints figures; asserts nothing.
import { chromium } from 'playwright-core';
import { liveMarketEnv, startFakeLiveMarket } from '../lib/fake-live-market.ts';
import { signedInCookie } from '../lib/session.ts';
import { chromiumFlags, chromiumPath, startBuiltApp, waitForLiveMarket } from './built-app.ts';

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
  columnNumber: number;
}
interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}
interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: Record<string, unknown>;
}

const path = process.argv[2] ?? '/';
const slowdown = Number(process.env.CPU_SLOWDOWN ?? 4);
/** Shorter tasks are printed too with PROFILE_MIN_TASK_MS=30 (blocking time still counts over 50 ms). */
const minTaskMs = Number(process.env.PROFILE_MIN_TASK_MS ?? 50);
const fake = process.env.PROFILE_MARKET === 'live' ? await startFakeLiveMarket() : null;
const app = await startBuiltApp(undefined, fake ? liveMarketEnv(fake) : {});
if (fake)
  await waitForLiveMarket(app.base).catch(async (error) => {
    await app.stop();
    await fake.close();
    throw error;
  });
const { base } = app;
const browser = await chromium.launch({
  executablePath: chromiumPath,
  args: chromiumFlags,
});
try {
  const cookie = await signedInCookie(base);
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true });
  await context.addCookies(
    cookie.split('; ').map((pair) => {
      const at = pair.indexOf('=');
      return { name: pair.slice(0, at), value: pair.slice(at + 1), url: base };
    }),
  );
  // One warm-up visit so the server's caches are as a returning user's; the browser cache is dropped.
  const warm = await context.newPage();
  await warm.goto(`${base}${path}`, { waitUntil: 'networkidle' });
  await warm.close();
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: slowdown });
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
  const events: TraceEvent[] = [];
  cdp.on('Tracing.dataCollected', (data) => {
    // The protocol types trace events loosely; these fields are what Chromium writes.
    events.push(...(data.value as unknown as TraceEvent[]));
  });
  const traceDone = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
  await cdp.send('Tracing.start', {
    categories: 'devtools.timeline,disabled-by-default-devtools.timeline,toplevel,blink.user_timing,loading',
    transferMode: 'ReportEvents',
  });
  await cdp.send('Profiler.start');
  await page.goto(`${base}${path}`, { waitUntil: 'networkidle' });
  await page.waitForTimeout(2000);
  const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: Profile };
  await cdp.send('Tracing.end');
  await traceDone;

  // The page's renderer main thread: of the CrRendererMain threads, the one that worked most.
  const busy = new Map<string, number>();
  for (const e of events) {
    if (e.ph === 'X' && e.name === 'RunTask')
      busy.set(`${e.pid}/${e.tid}`, (busy.get(`${e.pid}/${e.tid}`) ?? 0) + (e.dur ?? 0));
  }
  const mainThread = events
    .filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
    .sort((a, b) => (busy.get(`${b.pid}/${b.tid}`) ?? 0) - (busy.get(`${a.pid}/${a.tid}`) ?? 0))[0];
  const tasks = events
    .filter(
      (e) => e.ph === 'X' && e.name === 'RunTask' && e.pid === mainThread?.pid && e.tid === mainThread?.tid,
    )
    .sort((a, b) => a.ts - b.ts);
  const nav =
    events.find((e) => e.name === 'navigationStart' && e.pid === mainThread?.pid)?.ts ?? tasks[0]?.ts ?? 0;
  const parent = new Map<number, number>();
  const byId = new Map<number, ProfileNode>();
  for (const node of profile.nodes) {
    byId.set(node.id, node);
    for (const child of node.children ?? []) parent.set(child, node.id);
  }
  const sampleTimes: number[] = [];
  let t = profile.startTime;
  for (const delta of profile.timeDeltas) {
    t += delta;
    sampleTimes.push(t);
  }
  const label = (f: CallFrame) =>
    `${f.functionName || '(anonymous)'} ${f.url.replace(base, '')}:${f.lineNumber + 1}`;
  let blocking = 0;
  for (const task of tasks) {
    const dur = (task.dur ?? 0) / 1000;
    blocking += Math.max(0, dur - 50);
    if (dur < minTaskMs) continue;
    const self = new Map<string, number>();
    const inclusive = new Map<string, number>();
    for (let i = 0; i < profile.samples.length; i++) {
      const at = sampleTimes[i] ?? 0;
      if (at < task.ts || at > task.ts + (task.dur ?? 0)) continue;
      const weight = (profile.timeDeltas[i + 1] ?? 100) / 1000;
      let id: number | undefined = profile.samples[i];
      const first = id === undefined ? undefined : byId.get(id);
      if (first) self.set(label(first.callFrame), (self.get(label(first.callFrame)) ?? 0) + weight);
      const seen = new Set<string>();
      while (id !== undefined) {
        const node = byId.get(id);
        if (!node) break;
        const name = label(node.callFrame);
        if (!seen.has(name)) {
          seen.add(name);
          inclusive.set(name, (inclusive.get(name) ?? 0) + weight);
        }
        id = parent.get(id);
      }
    }
    const top = (m: Map<string, number>, n: number) =>
      [...m]
        .sort((a, b) => b[1] - a[1])
        .slice(0, n)
        .map(([k, v]) => `    ${v.toFixed(1).padStart(7)} ms  ${k}`)
        .join('\n');
    console.log(`\ntask at ${((task.ts - nav) / 1000).toFixed(0)} ms: ${dur.toFixed(1)} ms`);
    const kinds = new Map<string, number>();
    for (const e of events) {
      if (e.ph !== 'X' || e.name === 'RunTask' || e.pid !== task.pid || e.tid !== task.tid) continue;
      if (e.ts < task.ts || e.ts > task.ts + (task.dur ?? 0)) continue;
      const detail =
        typeof e.args?.data === 'object' && e.args.data !== null
          ? (e.args.data as { url?: string }).url
          : undefined;
      const key = detail ? `${e.name} ${detail.replace(base, '')}` : e.name;
      kinds.set(key, (kinds.get(key) ?? 0) + (e.dur ?? 0) / 1000);
    }
    console.log(`  trace events (nested, so they overlap):\n${top(kinds, 8)}`);
    console.log(`  self:\n${top(self, 12)}`);
    console.log(`  inclusive:\n${top(inclusive, 25)}`);
  }
  console.log(
    `\n${path}: blocking time over 50 ms per task, whole load: ${blocking.toFixed(0)} ms at ${slowdown}x`,
  );
} finally {
  await browser.close();
  await app.stop();
  await fake?.close();
}
