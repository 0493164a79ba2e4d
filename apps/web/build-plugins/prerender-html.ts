import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { PageFrameShell, WebShells, WebShellsFile } from '@app/contracts';
import type { OutputChunk } from 'rolldown';
import { build, type Plugin } from 'vite';
import { loadingScreenClass } from '../src/components/ui/loading-screen-class.ts';
import type { RenderedPageFrame } from '../src/prerender.tsx';
import { sourceBadgeSlot } from '../src/prerender-slot.ts';
import { chunkHolding, chunksOf, staticClosure } from './bundle-graph.ts';

export interface PrerenderHtmlOptions {
  /** The module exporting `renderLanding(): string` and `renderDemoBanner(): { banner; room }`. */
  entry: string;
  /** The app's import aliases (the nested server build does not read vite.config.ts). */
  alias: Record<string, string>;
}

/**
 * index.html without the app: its scripts, module preloads and the app's first request (the CSRF
 * token, preloaded for the app's session check) go; the stylesheet stays.
 */
export function withoutScripts(html: string): string {
  return html
    .replace(/<script\b[^>]*>[\s\S]*?<\/script>\s*/g, '')
    .replace(/<!--[^>]*-->\s*(?=<link rel="preload"[^>]*as="fetch")/g, '')
    .replace(/<link rel="(modulepreload|preload)"[^>]*(\.js"|as="fetch")[^>]*>\s*/g, '');
}

/**
 * Where the build lists its shells for the server (apps/server src/page-shells), each with what
 * it is for. Typed by @app/contracts, whose values Vite's config loader cannot load (TypeScript in a
 * package): a different name fails the typecheck.
 */
export const shellsFile: WebShellsFile = 'shells.json';

/** The visitor's /landing, painted whole without the app. */
export const landingFile = 'landing.html';

/** index.html with the demo banner painted, for a signed-in page in demo mode that has no frame. */
export const demoShellFile = 'demo-shell.html';

export { sourceBadgeSlot };

/**
 * index.html with the demo banner painted over the top of the page and its room kept at the top
 * of #root, the app and its preloads kept. The banner goes before #root, not in it: React's first
 * render replaces #root's content, and a paint whose element is gone before the browser reports
 * it counts for nothing (LCP).
 */
export function withBanner(html: string, painted: { banner: string; room: string }): string {
  const root = '<div id="root">';
  if (!html.includes(root)) throw new Error('prerender-html: index.html has no <div id="root">');
  return html.replace(root, `${painted.banner}${root}${painted.room}`);
}

/** The folder of the framed pages' shells (`pageFrameFile`). */
export const pageFramesDir = 'frames';

/** `html` with a page's painted heading laid over the top, before #root (after a painted banner). */
export function withPageFrame(html: string, frame: string): string {
  const root = '<div id="root">';
  if (!html.includes(root)) throw new Error('prerender-html: index.html has no <div id="root">');
  return html.replace(root, `${frame}${root}`);
}

/**
 * `html` with index.html's loading screen moved low, from its `centre` class to its `low` one
 * (components/ui/loading-screen-class): in a shell that paints a page's empty state, the spinner
 * mid-screen would lie under it on a phone.
 */
export function withLowLoadingScreen(html: string, places: { centre: string; low: string }): string {
  const centred = `<div data-loading-screen class="${places.centre}">`;
  if (!html.includes(centred)) throw new Error(`prerender-html: index.html has no ${centred}`);
  return html.replace(centred, `<div data-loading-screen class="${places.low}">`);
}

/**
 * `html` that asks for `data`, a framed page's first API requests, as it arrives: the
 * page's own requests then take answers already on their way instead of going out once the session
 * check, the layout and the page have run, two round trips and the renders between later. At low
 * priority, as the schemas' preloads: the loading screen's first paint never waits for them.
 */
export function withDataPreloads(html: string, data: readonly string[]): string {
  // As lib/api/client asks: with credentials, or the browser would not match them and ask again.
  return withHeadLinks(
    html,
    data.map(
      (url) =>
        `<link rel="preload" href="${url}" as="fetch" crossorigin="use-credentials" fetchpriority="low">`,
    ),
  );
}

/** `html` with `links` at the end of its head; unchanged without any. */
function withHeadLinks(html: string, links: readonly string[]): string {
  if (!html.includes('</head>')) throw new Error('prerender-html: index.html has no </head>');
  if (links.length === 0) return html;
  return html.replace('</head>', `  ${links.join('\n  ')}\n  </head>`);
}

/**
 * The chunks of `modules` (source paths under `srcDir`) and every chunk they import, less what
 * index.html already loads, the modules' own chunks first: what a page's shell fetches beside the
 * entry. Fails the build for a path that no chunk holds (a page moved, a part renamed).
 */
export function pageModuleFiles(
  modules: readonly string[],
  srcDir: string,
  chunks: Map<string, OutputChunk>,
  indexHtml: string,
): string[] {
  const byIndex = [...indexHtml.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1] ?? '');
  const loaded = staticClosure(byIndex, chunks);
  const starts = modules.map((module) => {
    const chunk = chunkHolding(resolve(srcDir, module), chunks);
    if (chunk === undefined) throw new Error(`prerender-html: no chunk holds src/${module}`);
    return chunk.fileName;
  });
  const files = new Set([...starts, ...staticClosure(starts, chunks)]);
  return [...files].filter((file) => !loaded.has(file));
}

/**
 * `html` that fetches a framed page's chunks as it arrives (`pageModuleFiles`), at low priority as
 * the shell's schemas: Lighthouse counts a high-priority script that starts before the first paint
 * as blocking it (FCP +460 ms on /dashboard in a trial with the browser's default priority).
 */
export function withModulePreloads(html: string, files: readonly string[]): string {
  // As Vite's own module preloads: the module script is fetched in CORS mode, so must they be.
  return withHeadLinks(
    html,
    files.map((file) => `<link rel="modulepreload" crossorigin href="/${file}" fetchpriority="low">`),
  );
}

/** The shell's name of a framed page: /transactions -> transactions. */
export function pageFrameName(path: string): string {
  const name = path.slice(1);
  if (!/^[a-z][a-z-]*$/.test(name)) throw new Error(`prerender-html: no shell name for ${path}`);
  return name;
}

/**
 * A framed page's shell file: frames/<name>.html, .demo.html below the demo banner, .empty.html
 * and .empty.demo.html with the page's empty state painted too.
 */
export function pageFrameFile(name: string, variant: { demo: boolean; empty: boolean }): string {
  return `${pageFramesDir}/${name}${variant.empty ? '.empty' : ''}${variant.demo ? '.demo' : ''}.html`;
}

/** `html` as it is, failing the build unless it holds `slot` exactly once, where the server writes. */
export function withSlot(html: string, slot: string, file: string): string {
  if (html.split(slot).length !== 2) throw new Error(`prerender-html: ${file} must hold ${slot} once`);
  return html;
}

/**
 * The paths the router draws the terminal at (src/app/routes.tsx: the index and /terminal, which
 * the layout also treats alike, app/layout/nav-entries): one frame serves both.
 */
export const terminalPaths = ['/', '/terminal'] as const;

/** A framed page's painted parts as src/prerender.tsx renders them (`renderPageFrames`). */
export type { RenderedPageFrame };

/** One shell of a framed page: what it is for (the entry in `shellsFile`) and its HTML. */
export interface FrameShell {
  shell: PageFrameShell;
  html: string;
}

/**
 * Every framed page's shells and the terminal's, from index.html and demo-shell.html with each
 * page's painted parts laid over them. `moduleFiles` names the chunks a page's shell preloads
 * (`pageModuleFiles`).
 */
export function frameShells(
  pages: { index: string; demoShell: string },
  frames: readonly RenderedPageFrame[],
  terminal: { live: string; demo: string },
  moduleFiles: (modules: readonly string[]) => string[],
): FrameShell[] {
  const shells: FrameShell[] = [];
  for (const frame of frames) {
    const name = pageFrameName(frame.path);
    const files = moduleFiles(frame.modules);
    const preloads = (html: string) => withModulePreloads(withDataPreloads(html, frame.data), files);
    const add = (variant: { demo: boolean; empty: boolean }, html: string) =>
      shells.push({ shell: { path: frame.path, ...variant, file: pageFrameFile(name, variant) }, html });
    add({ demo: false, empty: false }, preloads(withPageFrame(pages.index, frame.live)));
    add({ demo: true, empty: false }, preloads(withPageFrame(pages.demoShell, frame.demo)));
    if (!frame.empty) continue;
    // Not the page's code: the painted empty state is the page's largest paint, and
    // Lighthouse counts every request started before it (lib/page-module-preloads).
    const empty = (html: string) =>
      withDataPreloads(withLowLoadingScreen(html, loadingScreenClass), frame.data);
    add({ demo: false, empty: true }, empty(withPageFrame(pages.index, frame.empty.live)));
    add({ demo: true, empty: true }, empty(withPageFrame(pages.demoShell, frame.empty.demo)));
  }
  // No preloads: the painted title line is the terminal's largest paint, and Lighthouse
  // counts every request started before it (lib/page-module-preloads).
  for (const demo of [false, true]) {
    const file = pageFrameFile('terminal', { demo, empty: false });
    const html = withSlot(
      withPageFrame(demo ? pages.demoShell : pages.index, demo ? terminal.demo : terminal.live),
      sourceBadgeSlot,
      file,
    );
    for (const path of terminalPaths) {
      shells.push({ shell: { path, demo, empty: false, file, sourceBadgeSlot }, html });
    }
  }
  return shells;
}

/**
 * Writes these pages beside index.html:
 * - landing.html: the landing page rendered into #root and no app JavaScript, so /landing paints
 *   from HTML and CSS alone; its links load the app when followed.
 * - demo-shell.html: index.html with the demo banner above the loading screen, which the server
 * sends a signed-in user while it serves demo prices: the first paint says so, and
 *   the banner, the layout's largest element then, no longer waits for the app to start.
 * - frames/<page>.html and frames/<page>.demo.html: index.html and demo-shell.html with a signed-in
 *   page's heading painted where the page draws it (lib/painted-page-frame), and its first API
 *   requests (lib/page-data-preloads) and its code (lib/page-module-preloads) preloaded, for the
 *   server to send a verified session's request for that page.
 * - frames/<page>.empty.html and .empty.demo.html, for the pages with an empty state the server
 *   can tell (@app/contracts emptyFramedPaths): the same with that state painted below the heading
 *   and the loading screen's spinner moved low, for an account with nothing the page shows yet.
 * - frames/terminal.html and terminal.demo.html: the same for the terminal (/), its title line
 *   with the source badge, whose text the server writes in for each request.
 * - shells.json: each of these files with what it is for (@app/contracts WebShells), from which
 *   the server picks one per request (apps/server src/page-shells). Written last.
 */
export function prerenderHtml(options: PrerenderHtmlOptions): Plugin {
  let root = '';
  let outDir = '';
  let chunks = new Map<string, OutputChunk>();
  return {
    name: 'prerender-html',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = resolve(config.root, config.build.outDir);
    },
    generateBundle(_output, bundle) {
      chunks = chunksOf(bundle);
    },
    closeBundle: {
      // Before precompress (order 'post'), so the pages get their .br and .gz too.
      sequential: true,
      async handler() {
        // No index.html: the build failed before writing it (e.g. a route over its budget), and
        // Vite reports that error unless this hook throws one of its own over it.
        if (!existsSync(join(outDir, 'index.html'))) return;
        // Inside node_modules, so the built module resolves react and react-router from here.
        const work = join(root, 'node_modules', '.prerender-html');
        rmSync(work, { recursive: true, force: true });
        mkdirSync(work, { recursive: true });
        try {
          await build({
            configFile: false,
            root,
            logLevel: 'warn',
            resolve: { alias: options.alias },
            build: {
              ssr: options.entry,
              outDir: work,
              emptyOutDir: true,
              copyPublicDir: false,
              rolldownOptions: { output: { entryFileNames: 'prerender.mjs' } },
            },
          });
          const module = (await import(pathToFileURL(join(work, 'prerender.mjs')).href)) as {
            renderLanding: () => string;
            renderDemoBanner: () => { banner: string; room: string };
            renderPageFrames: () => RenderedPageFrame[];
            renderTerminalFrames: () => { live: string; demo: string };
          };
          const index = readFileSync(join(outDir, 'index.html'), 'utf8');
          const slot = /<div id="root">[\s\S]*?<\/div>\s*<\/body>/;
          if (!slot.test(index)) throw new Error('prerender-html: index.html has no #root before </body>');
          const page = withoutScripts(index).replace(
            slot,
            `<div id="root">${module.renderLanding()}</div>\n  </body>`,
          );
          writeFileSync(join(outDir, landingFile), page);
          const demoShell = withBanner(index, module.renderDemoBanner());
          writeFileSync(join(outDir, demoShellFile), demoShell);
          mkdirSync(join(outDir, pageFramesDir), { recursive: true });
          const frames = frameShells(
            { index, demoShell },
            module.renderPageFrames(),
            module.renderTerminalFrames(),
            (modules) => pageModuleFiles(modules, join(root, 'src'), chunks, index),
          );
          // Once per file: the terminal's frames are listed for each of its paths.
          const written = new Map(frames.map(({ shell, html }) => [shell.file, html]));
          for (const [file, html] of written) writeFileSync(join(outDir, file), html);
          // Last, once every file it names is written: the server finds no shell before then.
          const shells: WebShells = {
            visitorPages: [{ path: '/landing', file: landingFile }],
            demoBanner: demoShellFile,
            pageFrames: frames.map((f) => f.shell),
          };
          writeFileSync(join(outDir, shellsFile), `${JSON.stringify(shells, null, 2)}\n`);
        } finally {
          rmSync(work, { recursive: true, force: true });
        }
      },
    },
  };
}
