import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = fileURLToPath(new URL('../../../..', import.meta.url));

/**
 * A second app server for one journey, with its own data folder and the given environment
 * (the shared one runs MARKET_DATA=snapshot). Resolves once its health check answers
 * `ready(body)`; stop() ends exactly this child.
 */
export async function startAppServer(input: {
  port: number;
  env: Record<string, string>;
  ready: (health: unknown) => boolean;
  timeoutMs: number;
}): Promise<{ url: string; stop(): Promise<void> }> {
  const url = `http://127.0.0.1:${input.port}`;
  // A server left on the port (another run) would answer our health checks in its place.
  const taken = await fetch(`${url}/health-check`).then(
    () => true,
    () => false,
  );
  if (taken) throw new Error(`port ${input.port} is already in use`);
  const dataDir = mkdtempSync(join(tmpdir(), 'e2e-live-'));
  const child: ChildProcess = spawn(process.execPath, ['apps/server/dist/main.js'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(input.port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      AUTH_RATE_LIMIT_PER_MINUTE: '1000',
      // Outside hosts are a closed local port unless the journey names its fake.
      COINGECKO_BASE_URL: 'http://127.0.0.1:9',
      BINANCE_BASE_URL: 'http://127.0.0.1:9',
      COIN_IMAGE_ORIGIN: 'http://127.0.0.1:9',
      ESPLORA_BASE_URL: 'http://127.0.0.1:9/api',
      ETHERSCAN_BASE_URL: 'http://127.0.0.1:9/v2/api',
      ...(process.env.E2E_DEMO_DATE ? { DEMO_MARKET_DATE: process.env.E2E_DEMO_DATE } : {}),
      ...input.env,
    },
    stdio: 'ignore',
  });
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + input.timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    const health = await fetch(`${url}/health-check`)
      .then((r) => r.json() as Promise<unknown>)
      .catch(() => null);
    if (health !== null && input.ready(health)) return { url, stop };
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await stop();
  throw new Error(`app server on ${url} did not become ready`);
}
