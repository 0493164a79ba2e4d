import { readFileSync } from 'node:fs';
import type { OutputChunk } from 'rolldown';
import { describe, expect, it } from 'vitest';
import { loadingScreenClass } from '../src/components/ui/loading-screen-class.ts';
import { pageHeaders } from '../src/lib/page-headers.ts';
import { pageModulePreloads } from '../src/lib/page-module-preloads.ts';
import {
  frameShells,
  pageFrameFile,
  pageFrameName,
  pageModuleFiles,
  sourceBadgeSlot,
  withBanner,
  withDataPreloads,
  withLowLoadingScreen,
  withModulePreloads,
  withoutScripts,
  withPageFrame,
  withSlot,
} from './prerender-html.ts';

/**
 * The pre-rendered landing is index.html without the app. The app's first request (the CSRF
 * token, preloaded in index.html for the session check) must go with the app: a visitor's landing
 * page would fetch it for nothing and Chromium would warn that the preload went unused.
 */
describe('withoutScripts', () => {
  const index = readFileSync(new URL('../index.html', import.meta.url), 'utf8');

  it('index.html preloads the CSRF token for the app', () => {
    expect(index).toMatch(/<link rel="preload" href="\/api\/auth\/csrf\/" as="fetch"/);
  });

  it("drops the app's scripts, module preloads and the token's preload, keeping the rest of the head", () => {
    const built = index.replace(
      '</head>',
      '<link rel="modulepreload" crossorigin href="/assets/x-1.js">\n<link rel="preload" as="image" href="/favicon.svg"/>\n</head>',
    );
    const landing = withoutScripts(built);
    expect(landing).not.toContain('<script');
    expect(landing).not.toContain('modulepreload');
    expect(landing).not.toContain('/api/auth/csrf/');
    expect(landing).not.toContain("The app's first request");
    expect(landing).toContain('<link rel="preload" as="image" href="/favicon.svg"/>');
    expect(landing).toContain('<link rel="icon" type="image/svg+xml" href="/favicon.svg" />');
    expect(landing).toContain('data-loading-screen');
  });
});

describe('withBanner', () => {
  const index = readFileSync(new URL('../index.html', import.meta.url), 'utf8');

  it('paints the banner before #root and its room in it, and keeps the app, its preloads and the token', () => {
    const page = withBanner(index, {
      banner: '<section>Demo</section>',
      room: '<div class="invisible"></div>',
    });
    expect(page).toMatch(
      /<section>Demo<\/section><div id="root"><div class="invisible"><\/div><div data-loading-screen/,
    );
    expect(page).toContain('<script type="module"');
    expect(page).toContain('/api/auth/csrf/');
  });

  it('fails the build when index.html has no #root to paint into', () => {
    expect(() => withBanner('<body></body>', { banner: '', room: '' })).toThrow(/no <div id="root">/);
  });
});

describe('withPageFrame', () => {
  const index = readFileSync(new URL('../index.html', import.meta.url), 'utf8');

  it("lays the page's heading before #root, after a painted banner, keeping the app and its loading screen", () => {
    const demo = withBanner(index, {
      banner: '<section>Demo</section>',
      room: '<div class="invisible"></div>',
    });
    const page = withPageFrame(demo, '<div data-painted-page-frame="">Metrics</div>');
    expect(page).toMatch(
      /<section>Demo<\/section><div data-painted-page-frame="">Metrics<\/div><div id="root"><div class="invisible"><\/div><div data-loading-screen/,
    );
    expect(page).toContain('<script type="module"');
  });

  it('names each shell after its page, and fails the build for a path that is no plain name', () => {
    expect(pageFrameName('/transactions')).toBe('transactions');
    expect(() => pageFrameName('/portfolios/1')).toThrow(/no shell name/);
    expect(() => pageFrameName('/')).toThrow(/no shell name/);
  });

  it('names a shell file for every framed page and variant, inside the frames folder', () => {
    for (const path of Object.keys(pageHeaders)) {
      const name = pageFrameName(path);
      expect(pageFrameFile(name, { demo: false, empty: false })).toBe(`frames/${name}.html`);
      expect(pageFrameFile(name, { demo: true, empty: false })).toBe(`frames/${name}.demo.html`);
      expect(pageFrameFile(name, { demo: false, empty: true })).toBe(`frames/${name}.empty.html`);
      expect(pageFrameFile(name, { demo: true, empty: true })).toBe(`frames/${name}.empty.demo.html`);
    }
  });
});

/** The server picks a shell by what the list says each is for, so the list must say it truly. */
describe('frameShells', () => {
  const index = readFileSync(new URL('../index.html', import.meta.url), 'utf8');
  const demoShell = withBanner(index, { banner: '<section>Demo</section>', room: '' });
  const frame = (path: string, empty: boolean) => ({
    path,
    live: `<div>${path} live</div>`,
    demo: `<div>${path} demo</div>`,
    ...(empty
      ? { empty: { live: `<div>${path} empty live</div>`, demo: `<div>${path} empty demo</div>` } }
      : {}),
    data: [`/api/v2${path}/`],
    modules: [`features${path}-page.tsx`],
  });
  const terminal = { live: `<p>${sourceBadgeSlot}</p>`, demo: `<p>${sourceBadgeSlot}</p>` };
  const shells = frameShells(
    { index, demoShell },
    [frame('/transactions', false), frame('/dashboard', true)],
    terminal,
    (modules) => modules.map((m) => `assets/${m.replace(/\W/g, '-')}.js`),
  );
  const html = (file: string) => shells.find((s) => s.shell.file === file)?.html ?? '';

  it('lists each shell with its page, demo banner, empty state and file', () => {
    expect(shells.map((s) => s.shell)).toEqual([
      { path: '/transactions', demo: false, empty: false, file: 'frames/transactions.html' },
      { path: '/transactions', demo: true, empty: false, file: 'frames/transactions.demo.html' },
      { path: '/dashboard', demo: false, empty: false, file: 'frames/dashboard.html' },
      { path: '/dashboard', demo: true, empty: false, file: 'frames/dashboard.demo.html' },
      { path: '/dashboard', demo: false, empty: true, file: 'frames/dashboard.empty.html' },
      { path: '/dashboard', demo: true, empty: true, file: 'frames/dashboard.empty.demo.html' },
      { path: '/', demo: false, empty: false, file: 'frames/terminal.html', sourceBadgeSlot },
      { path: '/terminal', demo: false, empty: false, file: 'frames/terminal.html', sourceBadgeSlot },
      { path: '/', demo: true, empty: false, file: 'frames/terminal.demo.html', sourceBadgeSlot },
      { path: '/terminal', demo: true, empty: false, file: 'frames/terminal.demo.html', sourceBadgeSlot },
    ]);
  });

  it('paints what each entry says: the banner for demo, the empty state for empty', () => {
    expect(html('frames/transactions.html')).toContain('<div>/transactions live</div><div id="root">');
    expect(html('frames/transactions.html')).not.toContain('<section>Demo</section>');
    expect(html('frames/transactions.demo.html')).toContain(
      '<section>Demo</section><div>/transactions demo</div><div id="root">',
    );
    expect(html('frames/dashboard.empty.html')).toContain('<div>/dashboard empty live</div><div id="root">');
    expect(html('frames/dashboard.empty.demo.html')).toContain('<div>/dashboard empty demo</div>');
    expect(html('frames/dashboard.empty.html')).toContain(loadingScreenClass.low);
  });

  it("preloads a page's data and code, its empty state's data only, and nothing for the terminal", () => {
    const code = '<link rel="modulepreload" crossorigin href="/assets/features-dashboard-page-tsx.js"';
    const data = '<link rel="preload" href="/api/v2/dashboard/" as="fetch"';
    expect(html('frames/dashboard.html')).toContain(code);
    expect(html('frames/dashboard.html')).toContain(data);
    expect(html('frames/dashboard.empty.html')).not.toContain(code);
    expect(html('frames/dashboard.empty.html')).toContain(data);
    expect(html('frames/terminal.html')).toBe(withPageFrame(index, terminal.live));
    expect(html('frames/terminal.demo.html')).toBe(withPageFrame(demoShell, terminal.demo));
  });

  it("fails the build unless the terminal's shell holds the badge's slot once", () => {
    expect(withSlot(`<p>${sourceBadgeSlot}</p>`, sourceBadgeSlot, 'frames/terminal.html')).toBe(
      `<p>${sourceBadgeSlot}</p>`,
    );
    expect(() => withSlot('<p>Demo data</p>', sourceBadgeSlot, 'frames/terminal.html')).toThrow(
      'prerender-html: frames/terminal.html must hold {{source-badge}} once',
    );
    expect(() => withSlot(`${sourceBadgeSlot}${sourceBadgeSlot}`, sourceBadgeSlot, 'x.html')).toThrow(/once/);
    expect(() =>
      frameShells({ index, demoShell }, [], { live: '<p>badge</p>', demo: terminal.demo }, () => []),
    ).toThrow(/frames\/terminal\.html must hold/);
  });
});

describe('withLowLoadingScreen', () => {
  const index = readFileSync(new URL('../index.html', import.meta.url), 'utf8');

  it("moves index.html's loading screen low, as the app's own loading screen places it", () => {
    expect(index).toContain(`<div data-loading-screen class="${loadingScreenClass.centre}">`);
    const low = withLowLoadingScreen(index, loadingScreenClass);
    expect(low).toContain(`<div data-loading-screen class="${loadingScreenClass.low}">`);
    expect(low).not.toContain(loadingScreenClass.centre);
    expect(low).toContain('role="status"');
  });

  it('fails the build when the loading screen is not the one the app knows', () => {
    expect(() => withLowLoadingScreen(index, { centre: 'flex', low: 'block' })).toThrow(
      /no <div data-loading-screen/,
    );
  });
});

describe('withDataPreloads', () => {
  const index = readFileSync(new URL('../index.html', import.meta.url), 'utf8');

  it("asks for the page's data in the head, with credentials as the app asks, at low priority", () => {
    const page = withDataPreloads(index, ['/api/v2/settings/', '/api/v2/portfolios/']);
    const head = page.slice(0, page.indexOf('</head>'));
    for (const url of ['/api/v2/settings/', '/api/v2/portfolios/']) {
      expect(head).toContain(
        `<link rel="preload" href="${url}" as="fetch" crossorigin="use-credentials" fetchpriority="low">`,
      );
    }
    expect(page).toContain('<script type="module"');
  });

  it('leaves a page with nothing to ask for as it was, and fails the build without a head', () => {
    expect(withDataPreloads(index, [])).toBe(index);
    expect(() => withDataPreloads('<body></body>', ['/api/v2/settings/'])).toThrow(/no <\/head>/);
  });
});

describe('pageModuleFiles', () => {
  const chunk = (fileName: string, imports: string[], extra: Partial<OutputChunk> = {}): OutputChunk =>
    ({ type: 'chunk', fileName, imports, facadeModuleId: null, modules: {}, ...extra }) as OutputChunk;
  /** The entry imports the shell; a page imports the shell and a table; its schemas sit in a shared chunk. */
  const chunks = new Map(
    [
      chunk('assets/index-a.js', ['assets/shell-b.js'], { isEntry: true }),
      chunk('assets/shell-b.js', []),
      chunk('assets/shell-schemas-c.js', ['assets/shell-b.js']),
      chunk('assets/table-d.js', ['assets/shell-b.js']),
      chunk('assets/page-e.js', ['assets/table-d.js', 'assets/shell-b.js'], {
        facadeModuleId: '/app/src/features/page.tsx',
      }),
      chunk('assets/schemas-f.js', ['assets/shell-schemas-c.js'], {
        modules: {
          '/app/src/features/api/page-schemas.ts': { code: '', renderedLength: 0, renderedExports: [] },
        } as OutputChunk['modules'],
      }),
    ].map((c) => [c.fileName, c]),
  );
  const index =
    '<script type="module" crossorigin src="/assets/index-a.js"></script>\n<link rel="modulepreload" crossorigin href="/assets/shell-schemas-c.js">';

  it("lists the modules' chunks first, then what they import, less what index.html loads", () => {
    expect(
      pageModuleFiles(['features/page.tsx', 'features/api/page-schemas.ts'], '/app/src', chunks, index),
    ).toEqual(['assets/page-e.js', 'assets/schemas-f.js', 'assets/table-d.js']);
  });

  it('fails the build for a module no chunk holds', () => {
    expect(() => pageModuleFiles(['features/gone.tsx'], '/app/src', chunks, index)).toThrow(
      'prerender-html: no chunk holds src/features/gone.tsx',
    );
  });

  it("names framed pages only, each with the page's own module first", () => {
    for (const [path, modules] of Object.entries(pageModulePreloads)) {
      expect(Object.keys(pageHeaders)).toContain(path);
      expect(modules[0]).toMatch(/-(page|route)\.tsx$/);
    }
  });
});

describe('withModulePreloads', () => {
  const index = readFileSync(new URL('../index.html', import.meta.url), 'utf8');

  it("fetches the page's chunks from the head in CORS mode, at low priority", () => {
    const page = withModulePreloads(index, ['assets/page-e.js', 'assets/table-d.js']);
    const head = page.slice(0, page.indexOf('</head>'));
    for (const file of ['assets/page-e.js', 'assets/table-d.js']) {
      expect(head).toContain(`<link rel="modulepreload" crossorigin href="/${file}" fetchpriority="low">`);
    }
    expect(withModulePreloads(index, [])).toBe(index);
    expect(() => withModulePreloads('<body></body>', ['assets/page-e.js'])).toThrow(/no <\/head>/);
  });
});
