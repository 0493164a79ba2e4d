import { load, printTable } from './lib/load.ts';
import { startAppAndBaseline } from './lib/servers.ts';
import { signedInCookie } from './lib/session.ts';

const durationSeconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);

export async function benchSessionStatus(): Promise<void> {
  const servers = await startAppAndBaseline('session');
  const { appUrl, bareUrl } = servers;
  try {
    const cookie = await signedInCookie(appUrl);
    const opts = { connections, durationSeconds };
    // Warm both up so JIT and caches are comparable.
    await load('warm-up', bareUrl, { connections, durationSeconds: 2 });
    await load('warm-up', `${appUrl}/api/auth/session-status`, {
      ...opts,
      durationSeconds: 2,
      headers: { cookie },
    });
    const bareResult = await load('bare Fastify GET /bare', bareUrl, opts);
    const appResult = await load(
      'GET /api/auth/session-status (signed in)',
      `${appUrl}/api/auth/session-status`,
      {
        ...opts,
        headers: { cookie },
      },
    );
    printTable(
      `session-status vs bare route — ${connections} connections, ${durationSeconds} s each, database: ${process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'PGlite'}`,
      [bareResult, appResult],
    );
    console.log(
      `ratio: session-status serves ${((appResult.requestsPerSecond / bareResult.requestsPerSecond) * 100).toFixed(1)}% of the bare route's throughput`,
    );
  } finally {
    await servers.stop();
  }
}
