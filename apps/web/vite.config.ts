import { fileURLToPath } from 'node:url';
import prefresh from '@prefresh/vite';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type UserConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { htmlModulePreload } from './build-plugins/html-module-preload.ts';
import { preactAliases } from './build-plugins/preact-aliases.ts';
import { precompress } from './build-plugins/precompress.ts';
import { demoShellFile, landingFile, pageFramesDir, prerenderHtml } from './build-plugins/prerender-html.ts';
import { pureContracts } from './build-plugins/pure-contracts.ts';
import { routeBudget } from './build-plugins/route-budget.ts';
import { analyseSharedParts, sharedPartsCheck, sharedPartsGroup } from './build-plugins/shared-parts.ts';
import { webAppManifest } from './build-plugins/web-app-manifest.ts';
import { zodJitless } from './build-plugins/zod-jitless.ts';
import { zodWithoutJsonSchema } from './build-plugins/zod-without-json-schema.ts';

const api = 'http://127.0.0.1:3000';
// @prefresh/vite's types promise a PluginOption, a nesting Vite's own type does not accept; it
// resolves to a list of plugins.
const devRefresh = () => prefresh() as Promise<Plugin[]>;
/** The shell's schemas: they parse the session check's answer before any signed-in page paints. */
const shellSchemas = /[\\/]src[\\/]lib[\\/]api[\\/]shell-schemas\.ts$/;
/**
 * Small common chunks that load nothing every page lacks go into two chunks (build-plugins/shared-parts),
 * the zod schemas apart: fewer requests before a page paints. The schemas stay apart because the
 * terminal draws with none of them, and one chunk of both made it load and run code it never uses
 * (paired Lighthouse runs, recorded in bench/README.md).
 */
const sharedPartsOptions = {
  preloadedByHtml: shellSchemas,
  maxGzBytes: 600,
  // The unknown-cost wording builds nothing: it joins the parts, which show it on several pages.
  buildsAtLoad:
    /[\\/]node_modules[\\/]|[\\/]packages[\\/]contracts[\\/]src[\\/](?!unknown-cost-messages\.ts$)|schemas\.ts$/,
};
const webRoot = fileURLToPath(new URL('.', import.meta.url));
const alias = { '@': fileURLToPath(new URL('./src', import.meta.url)) };

/**
 * The app's build. `parts` maps the modules of the shared-parts chunks to their chunk's name, or is
 * `analysis` for the build in memory that finds them, which writes nothing and checks no budget.
 */
function appConfig(command: 'build' | 'serve', parts: ReadonlyMap<string, string> | 'analysis'): UserConfig {
  const analysis = parts === 'analysis';
  return {
    root: webRoot,
    plugins: [
      zodWithoutJsonSchema(),
      zodJitless(),
      pureContracts(),
      // React's Fast Refresh runtime cannot refresh Preact components (an edit was 'hot updated'
      // and nothing redrew), so the dev server refreshes them with Prefresh; builds keep the React
      // plugin's JSX set-up, which the aliases point at Preact.
      command === 'serve' ? devRefresh() : react(),
      tailwindcss(),
      htmlModulePreload({ modules: shellSchemas }),
      // What writes the build's files or checks its budgets; the analysis build does neither.
      ...(analysis
        ? []
        : [
            sharedPartsCheck(sharedPartsOptions),
            routeBudget({
              routeTable: /[\\/]src[\\/]app[\\/]routes\.tsx$/,
              // The route budget keeps every page's first load small enough for a phone. The largest
              // shares are zod (without its JSON Schema generator), react-router, TanStack Query and
              // Preact in place of react-dom (build-plugins/preact-aliases). The shell's modules are one
              // chunk (codeSplitting below). It parses the session check's answer with its schemas
              // (lib/api/shell-schemas), which index.html preloads beside the entry (htmlModulePreload),
              // so they count on every route: fetched once the entry had run, they were a round trip on
              // the way to every signed-in first paint. Those contract modules hold only what the shell
              // parses (@app/contracts session, base-currency): a module's schemas are all built when it
              // loads, and building the auth forms' and the market's was a long task before every
              // signed-in first paint. What a page draws only after its data arrives loads beside that
              // request (lib/lazy-part). The small parts that pages share are two chunks
              // (sharedPartsOptions above): a little more a route, for several fewer requests. The
              // ceilings hold each route ~1 kB above its size, so growth fails the build; lower them as
              // routes shrink.
              budgetKb: 120,
              // Every page now also loads the reveal-into-view helper, the tax rate note and the chart
              // timeframe (in the shared parts) and the longer currency list (in the shell).
              // The pages that list the portfolios (Metrics, Insights, connections, API access) share
              // one portfolio list query, a small chunk of its own; the terminal's and the
              // transactions' page parts are components of their own, each a little code.
              ceilingsKb: {
                'terminal-route': 90.3,
                'projections-page': 87.5,
                // Its decisions and the per-portfolio allocation sections load beside their requests.
                'tax-page': 88.0,
                'coin-detail-route': 87.5,
                'insights-route': 86.9,
                'transactions-page': 86.7,
                // Both portfolio pages say who shared a portfolio; the detail page has the owner's Share.
                'portfolio-detail-route': 86.6,
                'notifications-settings-route': 85.4,
                'portfolios-page': 86.4,
                'connection-detail-route': 84.9,
                'connections-page': 84.8,
                // Its form is in the first load; the token cards and the schemas come beside the list's request.
                'api-access-page': 84.6,
                // Shows the Instance entry to an administrator: the route reads the signed-in user.
                'settings-index-route': 85.9,
                // Its four sections' answers parse in a schema chunk loaded beside the first request.
                'instance-settings-route': 84.9,
                'transfers-page': 83.4,
                'metrics-page': 83.6,
                'notifications-page': 82.3,
                'alerts-page': 82.1,
                // The account data and deletion parts load apart; what stays is their lazy import.
                'profile-settings-route': 81.7,
                // The signed-out pages and the settings pages that parse nothing at first paint.
                default: 81.0,
              },
              preloadedByHtml: shellSchemas,
              reportOnly: process.env.ROUTE_BUDGET === 'report',
            }),
            prerenderHtml({ entry: 'src/prerender.tsx', alias }),
            // The service worker precaches the build so the app shell loads offline. The page
            // registers it after load (lib/offline), so it adds nothing to a route's initial JS.
            VitePWA({
              strategies: 'injectManifest',
              srcDir: 'src/service-worker',
              filename: 'sw.ts',
              injectRegister: false,
              includeManifestIcons: false,
              manifest: webAppManifest,
              injectManifest: {
                // The pre-rendered pages are the server's answers to a visitor or a session, never the shell;
                // .br/.gz are the server's business (the browser decodes what the worker caches).
                globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
                globIgnores: [landingFile, demoShellFile, `${pageFramesDir}/**`, '**/*.br', '**/*.gz'],
              },
            }),
            precompress(),
          ]),
    ],
    // The app is written against React's API and ships preact/compat (build-plugins/preact-aliases).
    resolve: { alias: [...preactAliases, { find: '@', replacement: alias['@'] }] },
    // Prefresh would otherwise compile JSX to Preact's classic `h`; the app's JSX is React's.
    oxc: { jsx: { runtime: 'automatic', importSource: 'react' } },
    build: {
      outDir: 'dist',
      emptyOutDir: true,
      sourcemap: false,
      target: 'es2022',
      // Vite's preload helper appends a <link rel=modulepreload> per dependency of each lazy chunk;
      // at Lighthouse's 4x slowdown those appends cost a noticeable slice of each lazy import, in the tasks that
      // render the page, and most of /transactions' blocking time went with them. The browser
      // fetches a chunk's static imports itself once the chunk arrives. The shell's schemas and
      // their imports are preloaded by index.html instead (htmlModulePreload above).
      modulePreload: { polyfill: false, resolveDependencies: () => [] },
      rolldownOptions: {
        output: {
          codeSplitting: {
            // The modules the entry loads before any route are one chunk. Without this group Rolldown
            // cut them into eight (react, jsx-runtime, the api client, the query core, contract
            // errors and routes, its runtime…) wherever a lazy page shared one, and every page paid
            // each file's own compression. Pages still import from it.
            groups: [
              { name: 'shell', tags: ['$initial'] },
              // The confirm dialog and the dialog it draws travel together (the dialog's own
              // chunk was a third request level under the pages that ask for a confirmation, after
              // the page's chunk and its imports). Their imports keep their own chunks.
              {
                name: 'confirm-dialog',
                test: /[\\/]src[\\/]components[\\/]ui[\\/](confirm-)?dialog\.tsx$/,
                includeDependenciesRecursively: false,
              },
              ...(analysis ? [] : [sharedPartsGroup(parts)]),
            ],
          },
        },
        treeshake: {
          // The workspace packages are pure modules; without this hint the decimal.js set-up in
          // @app/core ships on every page even when only a formatting helper is imported. So are the
          // web app's features, lib and components (nothing runs at import; app/ wires things up):
          // without it, one import through a feature's index pulls every module the index names,
          // e.g. the terminal loaded the Alerts page's chunk for its 'Create alert' button.
          moduleSideEffects: (id: string) =>
            !/[\\/](packages[\\/](core|contracts)[\\/]src|decimal\.js)[\\/]/.test(id) &&
            !/[\\/]apps[\\/]web[\\/]src[\\/](features|lib|components)[\\/].*\.tsx?$/.test(id),
        },
      },
    },
    server: {
      proxy: {
        '/api': { target: api, changeOrigin: false },
        '/health-check': { target: api, changeOrigin: false },
      },
    },
  };
}

export default defineConfig(async ({ command }) =>
  command === 'build'
    ? appConfig(command, await analyseSharedParts(appConfig(command, 'analysis'), sharedPartsOptions))
    : appConfig(command, new Map()),
);
