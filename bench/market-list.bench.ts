import { request } from 'node:http';
import { load, printTable } from './lib/load.ts';
import { waitForHttp } from './lib/processes.ts';
import { startAppAndBaseline } from './lib/servers.ts';

const durationSeconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_MARKET_CONNECTIONS ?? 100);
/** What Chromium and Firefox send on every fetch; the market list is read by browsers. */
const browserHeaders = { 'accept-encoding': 'gzip, deflate, br' };

/** Bytes on the wire for one response (fetch would decompress, so this uses node:http). */
async function wireBytes(
  url: string,
  headers: Record<string, string>,
): Promise<{ bytes: number; coding: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers }, (res) => {
      let bytes = 0;
      res.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
      });
      res.on('end', () => resolve({ bytes, coding: String(res.headers['content-encoding'] ?? 'identity') }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

async function printSizes(url: string): Promise<void> {
  const variants: Array<[string, Record<string, string>]> = [
    ['no accept-encoding', {}],
    ['accept-encoding: gzip', { 'accept-encoding': 'gzip' }],
    ['browser accept-encoding', browserHeaders],
  ];
  console.log('\nresponse size of GET /api/v2/cryptocurrencies/?per_page=50&sparkline=true');
  console.log('| request | content-encoding | bytes |');
  console.log('|---|---|---:|');
  for (const [label, headers] of variants) {
    // The app compresses brotli in the background after the first ask; ask again for the steady state.
    await wireBytes(url, headers);
    await new Promise((r) => setTimeout(r, 1000));
    const { bytes, coding } = await wireBytes(url, headers);
    console.log(`| ${label} | ${coding} | ${bytes} |`);
  }
}

export async function benchMarketList(): Promise<void> {
  const servers = await startAppAndBaseline('market');
  const { appUrl, bareUrl } = servers;
  try {
    const listUrl = `${appUrl}/api/v2/cryptocurrencies/?per_page=50&sparkline=true`;
    await waitForHttp(listUrl);
    await printSizes(listUrl);
    // Both routes alike: the load generator must not spend its CPU decoding compressed bodies.
    const plain = { connections, durationSeconds, discardBodies: true };
    const browser = { ...plain, headers: browserHeaders };
    await load('warm-up', bareUrl, { ...plain, durationSeconds: 2 });
    await load('warm-up', listUrl, { ...browser, durationSeconds: 2 });
    const bareBrowser = await load('bare Fastify GET /bare (browser accept-encoding)', bareUrl, browser);
    const listBrowser = await load('market list (browser accept-encoding)', listUrl, browser);
    const barePlain = await load('bare Fastify GET /bare (no accept-encoding)', bareUrl, plain);
    const listPlain = await load('market list (no accept-encoding)', listUrl, plain);
    printTable(
      `market list (GET /api/v2/cryptocurrencies/?per_page=50&sparkline=true) vs bare route — ${connections} connections, ${durationSeconds} s each, snapshot data`,
      [bareBrowser, listBrowser, barePlain, listPlain],
    );
    const ratio = (list: { requestsPerSecond: number }, bare: { requestsPerSecond: number }) =>
      ((list.requestsPerSecond / bare.requestsPerSecond) * 100).toFixed(1);
    console.log(
      `ratio with the browser header: the market list serves ${ratio(listBrowser, bareBrowser)}% of the bare route's throughput (aim: at least 50%)`,
    );
    console.log(`ratio without accept-encoding: ${ratio(listPlain, barePlain)}%`);
  } finally {
    await servers.stop();
  }
}
