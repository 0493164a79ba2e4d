import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** Reads the mail the server wrote to DATA_DIR/outbox (no SMTP server in tests). */
export function findLinkInOutbox(to: string, pathPart: string): string {
  const dir = join(process.env.E2E_DATA_DIR ?? '', 'outbox');
  const files = readdirSync(dir)
    .map((f) => join(dir, f))
    .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs);
  for (const file of files) {
    // Undo quoted-printable soft breaks and escapes, in case the file is raw MIME.
    const text = readFileSync(file, 'utf8')
      .replace(/=\r?\n/g, '')
      .replace(/=3D/g, '=');
    if (!text.includes(to)) continue;
    // A backslash ends the link too: the outbox is JSON, so the text's newlines are `\n` escapes.
    const match = text.match(
      new RegExp(`https?://[^\\s"'<>\\\\]*${pathPart.replace(/[?]/g, '\\?')}[^\\s"'<>\\\\]*`),
    );
    if (match) return match[0].replace(/&amp;/g, '&');
  }
  throw new Error(`No mail to ${to} with a link containing ${pathPart} in ${dir}`);
}
