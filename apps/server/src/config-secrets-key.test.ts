import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

const cwd = mkdtempSync(join(tmpdir(), 'el-secrets-config-'));
const outside = mkdtempSync(join(tmpdir(), 'el-secrets-outside-'));
afterAll(() => {
  rmSync(cwd, { recursive: true, force: true });
  rmSync(outside, { recursive: true, force: true });
});

const bytes = randomBytes(32);
const problems = (env: Record<string, string>): string[] => {
  try {
    loadConfig(env, cwd);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
};

describe('the secrets key', () => {
  it('is the folder key by default, and leaves the folder when SECRETS_KEY is given', () => {
    const folder = loadConfig({}, cwd);
    const folderKey = readFileSync(join(cwd, 'data', 'session-secret'), 'utf8').trim();
    expect(folder.secrets).toEqual({ key: folderKey, source: 'data folder', previous: [] });

    const given = loadConfig({ SECRETS_KEY: bytes.toString('base64') }, cwd);
    expect(given.secrets).toEqual({
      key: bytes.toString('base64url'),
      source: 'SECRETS_KEY',
      // What sealed the secrets until now, so they can be re-encrypted at start.
      previous: [folderKey],
    });
    // The session secret still signs CSRF tokens: a new secrets key signs nobody out.
    expect(given.sessionSecret).toBe(folderKey);
  });

  it('reads the same 32 bytes from hex, base64 or base64url, and from a file outside the data folder', () => {
    const file = join(outside, 'secrets.key');
    writeFileSync(file, `${bytes.toString('hex')}\n`);
    const keys = [
      loadConfig({ SECRETS_KEY: bytes.toString('hex') }, cwd).secrets.key,
      loadConfig({ SECRETS_KEY: bytes.toString('base64url') }, cwd).secrets.key,
      loadConfig({ SECRETS_KEY_FILE: file }, cwd).secrets.key,
    ];
    expect(new Set(keys)).toEqual(new Set([bytes.toString('base64url')]));
    expect(loadConfig({ SECRETS_KEY_FILE: file }, cwd).secrets.source).toBe('SECRETS_KEY_FILE');
  });

  it('refuses a malformed key without repeating it', () => {
    for (const bad of [
      'too-short',
      bytes.toString('hex').slice(2),
      `${bytes.toString('base64')}xx`,
      '0'.repeat(64),
    ]) {
      const found = problems({ SECRETS_KEY: bad });
      expect(found, bad).toHaveLength(1);
      expect(found[0], bad).toMatch(/^SECRETS_KEY: /);
      expect(found[0], bad).not.toContain(bad);
    }
    expect(problems({ SECRETS_KEY: 'ab'.repeat(32) })[0]).toMatch(/does not look random/);
  });

  it('refuses SECRETS_KEY and SECRETS_KEY_FILE together', () => {
    const file = join(outside, 'both.key');
    writeFileSync(file, bytes.toString('hex'));
    expect(problems({ SECRETS_KEY: bytes.toString('hex'), SECRETS_KEY_FILE: file })).toEqual([
      'SECRETS_KEY and SECRETS_KEY_FILE are both set: set one of them',
    ]);
  });

  it('refuses a key file that is missing, malformed or inside the data folder', () => {
    expect(problems({ SECRETS_KEY_FILE: join(outside, 'missing.key') })).toEqual([
      `SECRETS_KEY_FILE: cannot read ${join(outside, 'missing.key')} (ENOENT)`,
    ]);
    const bad = join(outside, 'bad.key');
    writeFileSync(bad, 'not a key at all');
    expect(problems({ SECRETS_KEY_FILE: bad })[0]).toMatch(
      /^SECRETS_KEY_FILE: the key in .*bad\.key must be 32/,
    );
    const inside = join(cwd, 'data', 'secrets.key');
    writeFileSync(inside, bytes.toString('hex'));
    expect(problems({ SECRETS_KEY_FILE: inside })[0]).toMatch(/is inside DATA_DIR/);
  });

  it('takes SECRETS_KEY_PREVIOUS as a key or an old session secret', () => {
    const old = randomBytes(32);
    const previous = loadConfig(
      {
        SECRETS_KEY: bytes.toString('hex'),
        SECRETS_KEY_PREVIOUS: old.toString('hex'),
        SESSION_SECRET: 's'.repeat(40),
      },
      cwd,
    ).secrets.previous;
    // The hex text is tried as written too (an old SESSION_SECRET may have been 64 hex digits).
    expect(previous).toEqual([old.toString('base64url'), old.toString('hex'), 's'.repeat(40)]);
    expect(problems({ SECRETS_KEY_PREVIOUS: 'short' })[0]).toMatch(/^SECRETS_KEY_PREVIOUS: /);
  });
});
