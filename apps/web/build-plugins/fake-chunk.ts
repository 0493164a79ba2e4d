import type { OutputBundle, OutputChunk } from 'rolldown';

/** A Rolldown output chunk for the build plugins' tests: a file, its static imports, the rest as given. */
export function fakeChunk(
  fileName: string,
  imports: string[],
  extra: Partial<OutputChunk> = {},
): OutputChunk {
  return {
    type: 'chunk',
    fileName,
    name: fileName.replace(/-\w+\.js$/, ''),
    imports,
    isEntry: false,
    isDynamicEntry: false,
    facadeModuleId: null,
    moduleIds: [`/src/${fileName}.ts`],
    modules: {},
    code: 'export const a = 1;',
    ...extra,
  } as OutputChunk;
}

/** A bundle of these chunks, by file name. */
export function fakeBundle(...chunks: OutputChunk[]): OutputBundle {
  return Object.fromEntries(chunks.map((c) => [c.fileName, c])) as OutputBundle;
}
