import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { PageFrameShell, WebShells, WebShellsFile } from '@app/contracts';
import { z } from 'zod';

/** Where the web build lists its shells (apps/web build-plugins/prerender-html writes it). */
const shellsFile: WebShellsFile = 'shells.json';

/**
 * A file of the build: a relative path of plain names ending in .html, so whatever the list says,
 * the server never sends a file outside the build's folder, nor a dotfile.
 */
const buildFile = z
  .string()
  .refine((file) => file.endsWith('.html') && file.split('/').every((part) => /^[\w-][\w.-]*$/.test(part)));

const pageFrameSchema: z.ZodType<PageFrameShell> = z.object({
  path: z.string(),
  demo: z.boolean(),
  empty: z.boolean(),
  file: buildFile,
  sourceBadgeSlot: z.string().min(1).optional(),
});

const webShellsSchema: z.ZodType<WebShells> = z.object({
  visitorPages: z.array(z.object({ path: z.string(), file: buildFile })),
  demoBanner: buildFile,
  pageFrames: z.array(pageFrameSchema),
});

/** The list as written, or undefined when it is no such list (another build's, or half written). */
export function parseShells(text: string): WebShells | undefined {
  try {
    const parsed = webShellsSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The shells of the web build in `webDist`, read again whenever the list changes on disk: a web
 * build made after the server started is found without a restart, as index.html is. Undefined
 * while there is no list (no build yet, or one under way): every page then gets index.html.
 */
export function shellsManifest(webDist: string): () => WebShells | undefined {
  const path = join(webDist, shellsFile);
  let seen: { stamp: string; shells: WebShells | undefined } | undefined;
  return () => {
    try {
      const stat = statSync(path);
      const stamp = `${stat.mtimeMs}:${stat.size}`;
      if (seen?.stamp !== stamp) seen = { stamp, shells: parseShells(readFileSync(path, 'utf8')) };
      return seen.shells;
    } catch {
      return undefined;
    }
  };
}
