import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin } from 'vite';

export interface PrerenderLandingOptions {
  /** The module exporting `renderLanding(): string`. */
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
 * Writes dist/landing.html: index.html with the landing page rendered into #root and no app
 * JavaScript, so /landing paints from HTML and CSS alone; its links load the app when followed.
 */
export function prerenderLanding(options: PrerenderLandingOptions): Plugin {
  let root = '';
  let outDir = '';
  return {
    name: 'prerender-landing',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      // Before precompress (order 'post'), so landing.html gets its .br and .gz too.
      sequential: true,
      async handler() {
        // No index.html: the build failed before writing it (e.g. a route over its budget), and
        // Vite reports that error unless this hook throws one of its own over it.
        if (!existsSync(join(outDir, 'index.html'))) return;
        // Inside node_modules, so the built module resolves react and react-router from here.
        const work = join(root, 'node_modules', '.prerender-landing');
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
          };
          const index = readFileSync(join(outDir, 'index.html'), 'utf8');
          const slot = /<div id="root">[\s\S]*?<\/div>\s*<\/body>/;
          if (!slot.test(index)) throw new Error('prerender-landing: index.html has no #root before </body>');
          const page = withoutScripts(index).replace(
            slot,
            `<div id="root">${module.renderLanding()}</div>\n  </body>`,
          );
          writeFileSync(join(outDir, 'landing.html'), page);
        } finally {
          rmSync(work, { recursive: true, force: true });
        }
      },
    },
  };
}
