import { existsSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, resolve, sep } from 'node:path';
import { apiBase, errorCodes, readerClockCookie } from '@app/contracts';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error.ts';
import type { PageShells, ShellUser } from '../modules/page-shells/index.ts';
import { sendApiRouteMissing, sendError } from './errors.ts';
import { sessionToken } from './sessions.ts';

export interface StaticWebOptions {
  /** The built SPA (apps/web/dist). */
  webDist: string;
  /** Files the server always ships (favicon, robots.txt, auth page CSS). */
  publicDir: string;
  /** Which pre-rendered page of the build a navigation gets instead of index.html (src/page-shells). */
  shells: PageShells;
  /**
   * The request's live session, checked as the API scope checks it; null without one. The shells
   * ask for it only when one of them could apply.
   */
  user: (request: FastifyRequest, reply: FastifyReply) => Promise<ShellUser | null>;
}

const notBuiltPage = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Exit Liquidity</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml"></head>
<body><h1>The web app is not built</h1>
<p>Run <code>npm run build</code>, then restart the server.</p></body></html>
`;

function acceptsHtml(request: FastifyRequest): boolean {
  const accept = request.headers.accept;
  return typeof accept === 'string' && accept.includes('text/html');
}

function pathOf(request: FastifyRequest): string | undefined {
  const raw = request.url.split('?')[0] ?? '/';
  try {
    const decoded = decodeURIComponent(raw);
    return decoded.includes('\0') ? undefined : decoded;
  } catch {
    return undefined;
  }
}

/** A top-level file of the web build (e.g. /manifest.webmanifest), never a dotfile or a path outside it. */
function webFile(webDist: string, path: string): string | undefined {
  if (path === '/' || path.split('/').some((part) => part.startsWith('.'))) return undefined;
  const full = resolve(webDist, `.${path}`);
  if (!full.startsWith(webDist + sep)) return undefined;
  try {
    return statSync(full).isFile() ? full.slice(webDist.length + 1) : undefined;
  } catch {
    return undefined;
  }
}

function sendIndex(reply: FastifyReply, webDist: string, file = 'index.html'): FastifyReply {
  if (!existsSync(join(webDist, 'index.html'))) {
    return reply
      .code(503)
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(notBuiltPage);
  }
  // index.html names the hashed bundles, so it must be revalidated after every deploy.
  return reply.header('cache-control', 'no-cache').sendFile(file, webDist, { cacheControl: false });
}

export async function registerStaticWeb(app: FastifyInstance, options: StaticWebOptions): Promise<void> {
  const webDist = resolve(options.webDist);
  const publicDir = resolve(options.publicDir);
  // serve:false: files are looked up per request, so a web build made after start is still found.
  // preCompressed: the web build writes .br/.gz next to each text file; the one the client accepts
  // is sent with Content-Encoding and `Vary: Accept-Encoding` (the plain file when none fits).
  await app.register(fastifyStatic, { root: webDist, serve: false, wildcard: false, preCompressed: true });

  app.get('/assets/*', (request, reply) => {
    const rest = (request.params as Record<string, string | undefined>)['*'] ?? '';
    // Vite names assets by content hash, so they never change under one URL.
    return reply.sendFile(`assets/${rest}`, webDist, { immutable: true, maxAge: '365d', dotfiles: 'deny' });
  });
  // The service worker decides which build a returning browser runs: always revalidated, like
  // index.html, so a deploy reaches it on the next navigation.
  app.get('/sw.js', (_request, reply) =>
    existsSync(join(webDist, 'sw.js'))
      ? reply.header('cache-control', 'no-cache').sendFile('sw.js', webDist, { cacheControl: false })
      : sendError(reply, notFound()),
  );
  app.get('/favicon.svg', (_request, reply) => reply.sendFile('favicon.svg', publicDir, { maxAge: '1d' }));
  app.get('/favicon.ico', (_request, reply) => reply.redirect('/favicon.svg', 301));
  app.get('/robots.txt', (_request, reply) => reply.sendFile('robots.txt', publicDir, { maxAge: '1d' }));

  app.setNotFoundHandler(async (request, reply) => {
    const path = pathOf(request);
    if (path === undefined) return sendError(reply, notFound());
    if (path === apiBase || path.startsWith(`${apiBase}/`))
      return sendApiRouteMissing(app, request, reply, path);
    if ((request.method !== 'GET' && request.method !== 'HEAD') || path.startsWith('/assets/')) {
      return sendError(reply, notFound());
    }
    const file = webFile(webDist, path);
    if (file) return reply.sendFile(file, webDist, { maxAge: '1h' });
    // The SPA renders its own 404 page for unknown routes; non-HTML clients get the envelope.
    if (!acceptsHtml(request)) return sendError(reply, notFound());
    // The page depends on the session cookie: a shared cache must not hand one visitor's to another.
    reply.header('vary', 'Cookie');
    const shell = await options.shells.shellFor({
      path,
      sessionCookie: sessionToken(request) !== undefined,
      readerClock: request.cookies[readerClockCookie],
      user: () => options.user(request, reply),
    });
    if (shell?.fill !== undefined) {
      const page = await readFile(join(webDist, shell.file), 'utf8');
      return reply
        .header('cache-control', 'no-cache')
        .type('text/html; charset=utf-8')
        .send(page.replace(shell.fill.slot, shell.fill.html));
    }
    return sendIndex(reply, webDist, shell?.file);
  });
}

function notFound(): AppError {
  return new AppError({
    code: errorCodes.notFound,
    message: 'Not found.',
  });
}
