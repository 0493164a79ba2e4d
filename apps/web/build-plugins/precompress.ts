import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Text formats only: images and fonts are already compressed. */
const compressible = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt|xml)$/;
/** Below ~1 kB the headers outweigh the saving. */
const minBytes = 1024;

async function* files(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (entry.isFile()) yield full;
  }
}

async function compressFile(file: string): Promise<void> {
  const plain = await readFile(file);
  const [br, gzipped] = await Promise.all([
    brotli(plain, {
      params: {
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: plain.length,
      },
    }),
    gz(plain, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  // The server falls back to the plain file when a variant is missing, so only write wins.
  if (br.length < plain.length) await writeFile(`${file}.br`, br);
  if (gzipped.length < plain.length) await writeFile(`${file}.gz`, gzipped);
}

/**
 * Writes `.br` and `.gz` next to every text file of the build, at the top settings: done once
 * here, so the server only picks a file by Accept-Encoding and never compresses per request.
 */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'precompress',
    apply: 'build',
    // After everything else (public files, pre-rendered pages) is in the output folder.
    enforce: 'post',
    configResolved(config) {
      outDir = join(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        const work: Promise<void>[] = [];
        for await (const file of files(outDir)) {
          if (!compressible.test(file) || (await stat(file)).size < minBytes) continue;
          work.push(compressFile(file));
        }
        await Promise.all(work);
      },
    },
  };
}
