// Preloaded into the app by bench/load (node --import): every second, the server's event-loop
// delay (how long a ready socket waits before the loop gets to read it) and the libuv thread
// pool's queue, measured from inside, printed as one line to stderr.
import { monitorEventLoopDelay } from 'node:perf_hooks';

const delay = monitorEventLoopDelay({ resolution: 10 });
delay.enable();
const started = Date.now();
setInterval(() => {
  const ms = (ns) => Math.round(ns / 1e6);
  process.stderr.write(
    `LOOP t=${Math.round((Date.now() - started) / 1000)}s max=${ms(delay.max)}ms p99=${ms(delay.percentile(99))}ms mean=${ms(delay.mean)}ms\n`,
  );
  delay.reset();
}, 1000).unref();

// Per probe route, the longest time from the request's arrival at the server (its headers
// parsed) to the last byte of the answer: if a client waits far longer than this, the wait was
// before the server read the request.
import http from 'node:http';

const probes = ['/health-check', '/api/auth/csrf/'];
const worst = new Map(probes.map((p) => [p, 0]));
const emit = http.Server.prototype.emit;
http.Server.prototype.emit = function (event, ...args) {
  if (event === 'request') {
    const [req, res] = args;
    const path = (req.url ?? '').split('?')[0];
    if (worst.has(path)) {
      const arrived = performance.now();
      res.once('finish', () => worst.set(path, Math.max(worst.get(path) ?? 0, performance.now() - arrived)));
    }
  }
  return emit.call(this, event, ...args);
};
setInterval(() => {
  process.stderr.write(
    `SERVED ${[...worst].map(([p, ms]) => `${p} worst ${Math.round(ms)}ms`).join(', ')}\n`,
  );
  for (const p of probes) worst.set(p, 0);
}, 1000).unref();
