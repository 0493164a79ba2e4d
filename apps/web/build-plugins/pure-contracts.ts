import { fileURLToPath } from 'node:url';
import { parseAst } from 'rolldown/parseAst';
import type { Plugin } from 'vite';

const lazySchemaModule = fileURLToPath(new URL('../src/lib/lazy-schema.ts', import.meta.url));
const lazyName = '__lazySchema';

interface Node {
  type: string;
  start: number;
  end: number;
}
interface Declarator extends Node {
  init: Node | null;
}
interface Statement extends Node {
  declaration?: (Node & { declarations?: Declarator[] }) | null;
  declarations?: Declarator[];
}

/** Initialisers with nothing to drop: wrapping them would only add bytes. */
const trivial = new Set([
  'Literal',
  'Identifier',
  'TemplateLiteral',
  'ArrowFunctionExpression',
  'FunctionExpression',
]);

interface Expression extends Node {
  callee?: Expression;
  object?: Expression;
  name?: string;
}

/** The identifier a call chain such as `a.extend(…).optional()` or `z.string()` starts from. */
function chainRoot(node: Expression): string | null {
  let at: Expression | undefined = node;
  while (at) {
    if (at.type === 'Identifier') return at.name ?? null;
    if (at.type === 'CallExpression') at = at.callee;
    else if (at.type === 'MemberExpression') at = at.object;
    else return null;
  }
  return null;
}

/**
 * Wraps each top-level `const x = <expression>` initialiser in a call marked pure, so the bundler
 * may drop it when `x` is unused. Zod schemas are built with method chains (`a.extend(…)`,
 * `z.string().max(…)`), which a bundler must otherwise assume have side effects: every schema of a
 * contract file then ships once any export of that file is used.
 *
 * With `lazy`, a call chain that starts from `z`, from a name ending in `Schema` or from a schema
 * this file already made lazy is wrapped in `lazy(() => …)` instead: built when first used, not
 * when the module loads (src/lib/lazy-schema.ts). Anything else (constants, lists) stays eager.
 */
export function markTopLevelConstsPure(code: string, lazy?: string): string {
  const program = parseAst(code, { lang: 'js' }) as unknown as { body: Statement[] };
  const inits: { init: Node; lazy: boolean }[] = [];
  const schemas = new Set(['z']);
  for (const statement of program.body) {
    const declaration = statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement;
    if (declaration?.type !== 'VariableDeclaration') continue;
    for (const d of declaration.declarations ?? []) {
      if (!d.init || trivial.has(d.init.type)) continue;
      const root = d.init.type === 'CallExpression' ? chainRoot(d.init) : null;
      const isSchema = lazy !== undefined && root !== null && (schemas.has(root) || root.endsWith('Schema'));
      const name = (d as Declarator & { id?: Expression }).id?.name;
      if (isSchema && name !== undefined) schemas.add(name);
      inits.push({ init: d.init, lazy: isSchema });
    }
  }
  let out = code;
  for (const { init, lazy: wrap } of inits.sort((a, b) => b.init.start - a.init.start)) {
    const expression = out.slice(init.start, init.end);
    const wrapped = wrap
      ? `/* @__PURE__ */ ${lazy}(() => (${expression}))`
      : `/* @__PURE__ */ (() => (${expression}))()`;
    out = `${out.slice(0, init.start)}${wrapped}${out.slice(init.end)}`;
  }
  return out;
}

/**
 * Contracts hold only declarations (DESIGN §1.2: one zod schema per body, no code that runs at
 * import), so in the browser build each route keeps just the schemas it parses with (issue 15).
 */
export function pureContracts(): Plugin {
  return {
    name: 'pure-contracts',
    apply: 'build',
    enforce: 'post',
    transform(code, id) {
      if (!/[\\/]packages[\\/]contracts[\\/]src[\\/][^\\/]+\.ts$/.test(id) || id.endsWith('.test.ts'))
        return null;
      const marked = markTopLevelConstsPure(code, lazyName);
      if (!marked.includes(`${lazyName}(`)) return { code: marked, map: null };
      return {
        code: `import { lazySchema as ${lazyName} } from ${JSON.stringify(lazySchemaModule)};\n${marked}`,
        map: null,
      };
    },
  };
}
