import type { Plugin } from 'vite';

/** zod's core module, whose global config every schema reads as it is built. */
const coreModule = /[\\/]zod[\\/]v4[\\/]core[\\/]core\.js$/;
const configExport = 'export function config(newConfig)';

/**
 * zod 4 compiles a fast parser per object schema with `new Function`, and probes for that ability
 * when the first object schema is built. Our CSP has no 'unsafe-eval' (security-headers.ts), so in
 * the browser the probe always fails: zod falls back to its plain parser, but Chromium reports the
 * blocked eval as a Content Security Policy issue (Lighthouse best practices). The
 * browser build starts zod jitless, so it never probes; parsing is the same plain parser it
 * already used. The server keeps the compiled parsers (no CSP there).
 */
export function jitlessZodSource(code: string): string {
  if (!code.includes(configExport)) {
    throw new Error(`zod-jitless: zod's core no longer has "${configExport}"; update the plugin`);
  }
  // Runs as core.js is evaluated, before any schema module that imports it builds a schema.
  return `${code}\nconfig({ jitless: true });\n`;
}

export function zodJitless(): Plugin {
  return {
    name: 'zod-jitless',
    apply: 'build',
    transform(code, id) {
      if (!coreModule.test(id.split('?')[0] ?? id)) return null;
      return { code: jitlessZodSource(code), map: null };
    },
  };
}
