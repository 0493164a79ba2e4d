/**
 * The server's module boundaries, checked over every file by `npm run lint`.
 *
 * - A module (apps/server/src/modules/<area>/) is reached from outside only through its index.ts.
 * - Modules are layered: each may import only the modules listed before it here. The list is also
 *   the order app.ts assembles them in; docs/ARCHITECTURE.md says what each one owns.
 * - No import cycle anywhere, type-only imports included.
 */
const moduleOrder = [
  'market',
  'market-history',
  'settings',
  'auth',
  'subscription',
  'health',
  'watchlists',
  'ledger',
  'transactions',
  'portfolios',
  'transfers',
  'dashboard',
  'projections',
  'page-shells',
  'tax',
  'terminal',
  'connections',
  'delivery',
  'alerts',
  'notifications',
  'indicators',
  'events',
  'insights',
  'account',
  'instance',
  'mcp',
];

const modules = '^apps/server/src/modules/';

const layerRules = moduleOrder.map((area, i) => ({
  name: `layer-${area}`,
  comment: `${area} may import only the modules below it: ${moduleOrder.slice(0, i).join(', ') || 'none'}.`,
  severity: 'error',
  // Tests may drive a module together with the ones above it (a market switch with the alert engine).
  from: { path: `${modules}${area}/`, pathNot: '\\.test\\.ts$' },
  to: { path: `${modules}(${moduleOrder.slice(i + 1).join('|') || 'none-above'})/` },
}));

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'An import cycle ties modules into one: break it by moving the shared part down.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'module-face',
      comment: "Another module's files are reached only through its index.ts, its public face.",
      severity: 'error',
      from: { path: `${modules}([^/]+)/` },
      to: { path: `${modules}[^/]+/(?!index\\.ts$)`, pathNot: `${modules}$1/` },
    },
    {
      name: 'module-face-from-outside',
      comment: 'Code outside the modules (app, main, plugins, jobs, tests, benches) uses their index.ts.',
      severity: 'error',
      from: { path: '^(apps/server/src|bench)/', pathNot: `${modules}` },
      to: { path: `${modules}[^/]+/(?!index\\.ts$)` },
    },
    {
      name: 'unknown-module',
      comment: 'A new module takes its place in the order above before anything imports it.',
      severity: 'error',
      from: { path: modules },
      to: { path: `${modules}(?!(${moduleOrder.join('|')})/)[^/]+/` },
    },
    ...layerRules,
  ],
  options: {
    parser: 'swc',
    tsPreCompilationDeps: true,
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist)/' },
    includeOnly: '^(apps/server/src|bench|packages)/',
  },
};
