import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const packageName = '@app/server';

/**
 * The server runs from src/ under tsx and from a bundled dist/main.js; walking up to
 * our own package.json gives one anchor for migrations, public files and the web build.
 */
export function findServerPackageRoot(from: string = import.meta.url): string {
  let dir = dirname(fileURLToPath(from));
  for (;;) {
    const candidate = join(dir, 'package.json');
    if (existsSync(candidate) && readName(candidate) === packageName) return dir;
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`Cannot find the ${packageName} package root above ${from}`);
    dir = parent;
  }
}

function readName(file: string): string | undefined {
  try {
    const parsed: unknown = JSON.parse(readFileSync(file, 'utf8'));
    if (
      typeof parsed === 'object' &&
      parsed !== null &&
      'name' in parsed &&
      typeof parsed.name === 'string'
    ) {
      return parsed.name;
    }
  } catch {
    return undefined;
  }
  return undefined;
}
