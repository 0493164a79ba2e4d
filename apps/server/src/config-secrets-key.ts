import { readFileSync } from 'node:fs';
import { isAbsolute, relative, resolve } from 'node:path';
import { parsePreviousSecretsKey, parseSecretsKey } from './lib/secrets-key.ts';

export interface SecretsKeys {
  /** The key material every secret box derives its keys from. */
  key: string;
  /** Where it came from: named in the log when secrets are re-encrypted under it. */
  source: 'SECRETS_KEY' | 'SECRETS_KEY_FILE' | 'SESSION_SECRET' | 'data folder';
  /** Keys older values may be sealed with: opened at start and sealed again under `key`. */
  previous: string[];
}

export interface SecretsKeyEnv {
  SESSION_SECRET?: string | undefined;
  SECRETS_KEY?: string | undefined;
  SECRETS_KEY_FILE?: string | undefined;
  SECRETS_KEY_PREVIOUS?: string | undefined;
}

/** Inside `folder` (or the folder itself), by the paths as written; a symlink out is the operator's choice. */
function isInside(path: string, folder: string): boolean {
  const rel = relative(folder, path);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
}

function readKeyFile(path: string): { text: string } | { problem: string } {
  try {
    return { text: readFileSync(path, 'utf8') };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'unreadable';
    return { problem: `SECRETS_KEY_FILE: cannot read ${path} (${code})` };
  }
}

/**
 * Which key seals stored secrets. Unset, it is the session secret (generated into the data folder
 * unless SESSION_SECRET is given), as before there was a choice: the one-command start keeps
 * working. SECRETS_KEY or SECRETS_KEY_FILE keep it out of the data folder, so a copy of that
 * folder (a backup, a disk image) is not also a copy of every exchange key and xpub in it. When
 * the key moves, the session secret and SECRETS_KEY_PREVIOUS are what the values may still be
 * sealed with; they are re-encrypted at start. Answers the problems instead when the settings
 * are wrong; no problem repeats a key.
 */
export function secretsKeysFrom(
  env: SecretsKeyEnv,
  where: { cwd: string; dataDir: string; sessionSecret: string },
): { ok: true; keys: SecretsKeys } | { ok: false; problems: string[] } {
  const problems: string[] = [];
  if (env.SECRETS_KEY !== undefined && env.SECRETS_KEY_FILE !== undefined) {
    problems.push('SECRETS_KEY and SECRETS_KEY_FILE are both set: set one of them');
  }
  const previous: string[] = [];
  if (env.SECRETS_KEY_PREVIOUS !== undefined) {
    const parsed = parsePreviousSecretsKey(env.SECRETS_KEY_PREVIOUS);
    if (parsed.ok) previous.push(...parsed.keys);
    else problems.push(`SECRETS_KEY_PREVIOUS: ${parsed.problem}`);
  }

  let given: { key: string; source: 'SECRETS_KEY' | 'SECRETS_KEY_FILE' } | undefined;
  if (env.SECRETS_KEY !== undefined && env.SECRETS_KEY_FILE === undefined) {
    const parsed = parseSecretsKey(env.SECRETS_KEY);
    if (parsed.ok) given = { key: parsed.key, source: 'SECRETS_KEY' };
    else problems.push(`SECRETS_KEY: ${parsed.problem}`);
  }
  if (env.SECRETS_KEY_FILE !== undefined && env.SECRETS_KEY === undefined) {
    const path = resolve(where.cwd, env.SECRETS_KEY_FILE);
    if (isInside(path, where.dataDir)) {
      problems.push(
        `SECRETS_KEY_FILE: ${path} is inside DATA_DIR; keep the key outside the data folder, so a copy of the folder is not a copy of the secrets`,
      );
    } else {
      const read = readKeyFile(path);
      if ('problem' in read) problems.push(read.problem);
      else {
        const parsed = parseSecretsKey(read.text);
        if (parsed.ok) given = { key: parsed.key, source: 'SECRETS_KEY_FILE' };
        else problems.push(`SECRETS_KEY_FILE: the key in ${path} ${parsed.problem}`);
      }
    }
  }
  if (problems.length > 0) return { ok: false, problems };

  const source = env.SESSION_SECRET !== undefined ? 'SESSION_SECRET' : 'data folder';
  const current = given ?? { key: where.sessionSecret, source };
  // The session secret sealed everything before a key was given: it stays a way to open old values.
  const older = given ? [...previous, where.sessionSecret] : previous;
  return {
    ok: true,
    keys: {
      key: current.key,
      source: current.source,
      previous: [...new Set(older)].filter((key) => key !== current.key),
    },
  };
}
