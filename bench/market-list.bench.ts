import { request } from 'node:http';
import { type LoadResult, load, loadInRounds, printTable, roundRatios } from './lib/load.ts';
import { waitForHttp } from './lib/processes.ts';
import { startAppAndBaseline } from './lib/servers.ts';
import { signedInCookie } from './lib/session.ts';

const durationSeconds = Number(process.env.BENCH_SECONDS ?? 10);
/** Each route's seconds are split into this many runs, the routes taking turns (see loadInRounds). */
const rounds = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 5));
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
 * Why this once said ~55 % while autocannon by hand said ~10 %: the bench sent no Accept-Encoding
 * (so got the 100 kB identity body, and did not compare like with like), and a full 200 carries
 * ~24 kB of brotli that autocannon, one JavaScript thread on the same two cores, has to read; by
 * hand it also decodes each body into a string. So each row prints the CPU the server and
 * autocannon spent per request, and a bare route sending as many bytes as the list's 200 shows
 * what the load generator can take of such answers. A browser holds the list's strong ETag
 * (`no-cache`), so its refetches (focus, remount) revalidate with If-None-Match and get a 304
 * until the market moves; after each refresh (default 60 s, its `buffers` event) every open
 * terminal fetches the new list once, a full 200. Both are measured, with the browser's
 * Accept-Encoding and a signed-in session cookie, against the bare routes in the same run.
 */
export async function benchMarketList(): Promise<void> {
  const servers = await startAppAndBaseline('market');
  const { appUrl, bareUrl, appPid, barePid } = servers;
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
    const full200 = await wireBytes(listUrl, browser);
    const sameBytesUrl = `${bareUrl}-bytes/${full200.bytes}`;
    // The load generator must not spend its CPU decoding compressed bodies.
    const base = { connections, durationSeconds: durationSeconds / rounds, discardBodies: true };
    const polling = { ...base, headers: { ...browser, 'if-none-match': etag }, serverPid: appPid };
    const firstLoad = { ...base, headers: browser, serverPid: appPid };
    const bareLoad = { ...base, headers: browser, serverPid: barePid };
    await load('warm-up', bareUrl, { ...bareLoad, durationSeconds: 2 });
    await load('warm-up', sameBytesUrl, { ...bareLoad, durationSeconds: 2 });
    await load('warm-up', listUrl, { ...polling, durationSeconds: 2 });
    const [bare, polled, bareBytes, full] = await loadInRounds(
      [
        { label: 'bare Fastify GET /bare (browser headers)', url: bareUrl, options: bareLoad },
        { label: 'market list, browser revalidating (If-None-Match -> 304)', url: listUrl, options: polling },
        {
          label: `bare Fastify GET /bare-bytes (${full200.bytes} B, as many as the list's 200)`,
          url: sameBytesUrl,
          options: bareLoad,
        },
        {
          label: `market list, full 200 (${full200.coding}, ${full200.bytes} B)`,
          url: listUrl,
          options: firstLoad,
        },
      ],
      rounds,
    );
    if (!bare || !polled || !bareBytes || !full) throw new Error('a load plan gave no result');
    printTable(
      `market list (GET /api/v2/cryptocurrencies/?per_page=50&sparkline=true) vs bare routes — ${connections} connections, ${durationSeconds} s each in ${rounds} runs taking turns (medians), session cookie, Accept-Encoding: gzip, deflate, br, zstd, snapshot data, default refresh`,
      [bare.median, bareBytes.median, polled.median, full.median],
    );
    const ratio = (list: { rounds: LoadResult[] }, of: { rounds: LoadResult[] }) => {
      const { median, min, max } = roundRatios(list, of);
      return `${median.toFixed(2)} (${min.toFixed(2)}-${max.toFixed(2)} over ${rounds} rounds)`;
    };
    const answered = polled.rounds.reduce((sum, r) => sum + r.requestsPerSecond * base.durationSeconds, 0);
    const notModified = polled.median.non2xx / Math.max(1, answered);
    console.log(
      `browser revalidating: ${ratio(polled, bare)} of the bare route's throughput, round by round (aim: at least 0.5); ${(100 * Math.min(1, notModified)).toFixed(0)} % of answers were 304`,
    );
    console.log(
      `full 200s: ${ratio(full, bare)} of the bare route, ${ratio(full, bareBytes)} of the bare route sending the same bytes`,
    );
    // What the server spent on each answer, free of the load generator's share of the two cores.
    const cpuRatio = (list: LoadResult, of: LoadResult) =>
      list.serverCpuUs && of.serverCpuUs ? (of.serverCpuUs / list.serverCpuUs).toFixed(2) : 'n/a';
    console.log(
      `server CPU per request, bare ÷ list (the ratio when the server is the bottleneck): revalidation ${cpuRatio(polled.median, bare.median)}, full 200 ${cpuRatio(full.median, bare.median)} (${cpuRatio(full.median, bareBytes.median)} against the same bytes)`,
    );
    if (polled.median.non2xx === 0) console.log('warning: no 304s, the ETag was not honoured');
  } finally {
    await servers.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchMarketList();
