import { parseAst } from 'rolldown/parseAst';
import type { Plugin } from 'vite';

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

/**
 * Wraps each top-level `const x = <expression>` initialiser in a call marked pure, so the bundler
 * may drop it when `x` is unused. Zod schemas are built with method chains (`a.extend(…)`,
 * `z.string().max(…)`), which a bundler must otherwise assume have side effects: every schema of a
 * contract file then ships once any export of that file is used.
 */
export function markTopLevelConstsPure(code: string): string {
  const program = parseAst(code, { lang: 'js' }) as unknown as { body: Statement[] };
  const inits: Node[] = [];
  for (const statement of program.body) {
    const declaration = statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement;
    if (declaration?.type !== 'VariableDeclaration') continue;
    for (const d of declaration.declarations ?? [])
      if (d.init && !trivial.has(d.init.type)) inits.push(d.init);
  }
  let out = code;
  for (const init of inits.sort((a, b) => b.start - a.start)) {
    out = `${out.slice(0, init.start)}/* @__PURE__ */ (() => (${out.slice(init.start, init.end)}))()${out.slice(init.end)}`;
  }
  return out;
}

/**
 * Contracts hold only declarations (one zod schema per body, no code that runs at
 * import), so in the browser build each route keeps just the schemas it parses with.
 */
export function pureContracts(): Plugin {
  return {
    name: 'pure-contracts',
    apply: 'build',
    enforce: 'post',
    transform(code, id) {
      if (!/[\\/]packages[\\/]contracts[\\/]src[\\/][^\\/]+\.ts$/.test(id) || id.endsWith('.test.ts'))
        return null;
      return { code: markTopLevelConstsPure(code), map: null };
    },
  };
}
