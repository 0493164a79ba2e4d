import { load, printTable } from './lib/load.ts';
import { waitForHttp } from './lib/processes.ts';
import { startAppAndBaseline } from './lib/servers.ts';

const durationSeconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_MARKET_CONNECTIONS ?? 100);

export async function benchMarketList(): Promise<void> {
  const servers = await startAppAndBaseline('market');
  const { appUrl, bareUrl } = servers;
  try {
    const listUrl = `${appUrl}/api/v2/cryptocurrencies/?per_page=50&sparkline=true`;
    await waitForHttp(listUrl);
    const opts = { connections, durationSeconds };
    await load('warm-up', bareUrl, { connections, durationSeconds: 2 });
    await load('warm-up', listUrl, { connections, durationSeconds: 2 });
    const bareResult = await load('bare Fastify GET /bare', bareUrl, opts);
    const listResult = await load('GET /api/v2/cryptocurrencies/?per_page=50&sparkline=true', listUrl, opts);
    printTable(
      `market list vs bare route — ${connections} connections, ${durationSeconds} s each, snapshot data`,
      [bareResult, listResult],
    );
    console.log(
      `ratio: the market list serves ${((listResult.requestsPerSecond / bareResult.requestsPerSecond) * 100).toFixed(1)}% of the bare route's throughput (aim: at least 50%)`,
    );
  } finally {
    await servers.stop();
  }
}
