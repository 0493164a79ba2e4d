/**
 * The browser build runs React's API on preact/compat: react-dom alone was 66 kB of
 * every page's ~110 kB of initial JavaScript, and Lighthouse's mobile LCP and TBT on the signed-in
 * pages were bound by downloading and evaluating it. The app's code still imports `react`; these
 * aliases (Vite's `find`/`replacement` pairs, most specific first) point it and its libraries at
 * Preact in the build and in the component tests.
 */
export const preactAliases = [
  { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react$/, replacement: 'preact/compat' },
];
