import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, startProcess, stopProcess, waitForHttp } from '../lib/processes.ts';

/** How Chromium runs on this machine (headless, offline, nothing fetched in the background). */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const chromiumFlags = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface BuiltApp {
  base: string;
  process: ChildProcess;
  stop: () => Promise<void>;
}

/**
 * The built app (`npm run build`) on a fresh data folder with the bundled market snapshot: what a
 * user of the README's first command gets offline. Waits until it answers. `root` is the checkout
 * whose build it starts (another one's, for a baseline measured side by side); `env` adds to or
 * overrides its environment (e.g. bench/lib/fake-live-market's liveMarketEnv for live mode).
 */
export async function startBuiltApp(
  root: string = fileURLToPath(new URL('../..', import.meta.url)),
  env: Record<string, string> = {},
): Promise<BuiltApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-built-app-'));
  const port = await freePort();
  const child = startProcess([join(root, 'apps/server/dist/main.js')], {
    PORT: String(port),
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    MARKET_DATA: 'snapshot',
    LOG_LEVEL: 'warn',
    ...env,
  });
  const base = `http://127.0.0.1:${port}`;
  const stop = async () => {
    await stopProcess(child);
    rmSync(dataDir, { recursive: true, force: true, maxRetries: 5 });
  };
  try {
    await waitForHttp(`${base}/health-check`, 120_000);
  } catch (error) {
    await stop();
    throw error;
  }
  return { base, process: child, stop };
}

/** Waits until the app's market is live (its first refresh from the market's API has landed). */
export async function waitForLiveMarket(base: string, timeoutMs = 120_000): Promise<void> {
  await waitForHttp(`${base}/api/v2/market/status/`, timeoutMs, async (res) => {
    const status = (await res.json()) as { mode?: unknown };
    return status.mode === 'live';
  });
}
