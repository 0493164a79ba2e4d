import { request } from 'node:http';
import { load, printTable } from './lib/load.ts';
import { waitForHttp } from './lib/processes.ts';
import { startAppAndBaseline } from './lib/servers.ts';
import { signedInCookie } from './lib/session.ts';

const durationSeconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_MARKET_CONNECTIONS ?? 100);
/** What Chromium sends on every fetch; the market list is read by browsers. */
const browserEncoding = { 'accept-encoding': 'gzip, deflate, br, zstd' };
const browserHeaders = browserEncoding;

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

/**
 * Why this once said ~55 % while autocannon by hand said ~10 %: a 200 here carries ~24 kB of
 * brotli, and autocannon (one JavaScript thread on the same two cores) spends its time reading
 * those bytes, by hand even decoding them into strings. The server sat idle about half of such a
 * run (CPU profile), so the figure measured the load generator. A browser does not re-read the
 * list either: it is sent `no-cache` with a strong ETag, so a terminal's polls revalidate with
 * If-None-Match and get a 304 until the market moves (once a refresh, default 60 s). So the list
 * is measured the way a signed-in browser polls it (its Accept-Encoding, its session cookie, its
 * cached ETag), and the full 200 is reported beside it with its bytes.
 */
export async function benchMarketList(): Promise<void> {
  const servers = await startAppAndBaseline('market');
  const { appUrl, bareUrl } = servers;
  try {
    const listUrl = `${appUrl}/api/v2/cryptocurrencies/?per_page=50&sparkline=true`;
    await waitForHttp(listUrl);
    await printSizes(listUrl);
    const cookie = await signedInCookie(appUrl);
    const browser = { ...browserEncoding, cookie };
    // The ETag a browser holds after its first load (brotli is ready after the first ask).
    await fetch(listUrl, { headers: browser });
    await new Promise((r) => setTimeout(r, 1000));
    const etag = (await fetch(listUrl, { headers: browser })).headers.get('etag');
    if (!etag) throw new Error('the market list sent no ETag');
    // The load generator must not spend its CPU decoding compressed bodies.
    const base = { connections, durationSeconds, discardBodies: true };
    const polling = { ...base, headers: { ...browser, 'if-none-match': etag } };
    const firstLoad = { ...base, headers: browser };
    await load('warm-up', bareUrl, { ...base, durationSeconds: 2 });
    await load('warm-up', listUrl, { ...polling, durationSeconds: 2 });
    const bare = await load('bare Fastify GET /bare (browser headers)', bareUrl, firstLoad);
    const polled = await load('market list, browser polling (If-None-Match -> 304)', listUrl, polling);
    const full = await load('market list, full 200 (br, ~24 kB each)', listUrl, firstLoad);
    printTable(
      `market list (GET /api/v2/cryptocurrencies/?per_page=50&sparkline=true) vs bare route — ${connections} connections, ${durationSeconds} s each, session cookie, Accept-Encoding: gzip, deflate, br, zstd, snapshot data`,
      [bare, polled, full],
    );
    const ratio = (list: { requestsPerSecond: number }) =>
      (list.requestsPerSecond / bare.requestsPerSecond).toFixed(2);
    console.log(
      `what a browser gets: the polled list serves ${ratio(polled)} of the bare route's throughput (aim: at least 0.5)`,
    );
    console.log(
      `full 200s: ${ratio(full)} of the bare route, bound by bytes (${((full.requestsPerSecond * 24) / 1024).toFixed(0)} MB/s of brotli through one autocannon thread)`,
    );
    if (polled.non2xx === 0) console.log('warning: no 304s, the ETag was not honoured');
  } finally {
    await servers.stop();
  }
}
