/**
 * The key stored secrets are sealed with, as the operator writes it (SECRETS_KEY, SECRETS_KEY_FILE,
 * SECRETS_KEY_PREVIOUS): 32 random bytes in hex or base64. Inside the server a key is the key
 * material HKDF derives each purpose's key from, as text. A key the operator gives is kept as the
 * unpadded base64url of its bytes, so the same bytes written in hex or in either base64 alphabet
 * are one key. The key generated into the data folder is already written that way.
 */

const keyBytes = 32;

export type SecretsKeyProblem = string;

const hexKey = /^[0-9a-f]{64}$/i;
const base64Key = /^[A-Za-z0-9+/_-]{43}=?$/;

/** The key's bytes, or why the text is no key. The problem never repeats the text. */
export function parseSecretsKey(
  text: string,
): { ok: true; key: string } | { ok: false; problem: SecretsKeyProblem } {
  const value = text.trim();
  let bytes: Buffer;
  if (hexKey.test(value)) bytes = Buffer.from(value, 'hex');
  else if (base64Key.test(value)) bytes = Buffer.from(value.replace(/=$/, ''), 'base64url');
  else {
    return {
      ok: false,
      problem: `must be ${keyBytes} random bytes written as 64 hex digits or as base64 (44 characters, e.g. the output of \`openssl rand -base64 32\`)`,
    };
  }
  // A key typed by hand (repeated digits, a counting pattern) is guessable: a random one of 32
  // bytes practically always has more than 16 different byte values.
  if (bytes.length !== keyBytes || new Set(bytes).size < 16) {
    return { ok: false, problem: 'does not look random: make one with `openssl rand -base64 32`' };
  }
  return { ok: true, key: bytes.toString('base64url') };
}

/**
 * SECRETS_KEY_PREVIOUS names what the secrets were sealed with before: a key in the form above,
 * or a SESSION_SECRET from the time the session secret sealed them too. Text that could be either
 * is tried both ways; the key ids in the sealed values tell which one opens them.
 */
export function parsePreviousSecretsKey(
  text: string,
): { ok: true; keys: string[] } | { ok: false; problem: SecretsKeyProblem } {
  const value = text.trim();
  const asKey = parseSecretsKey(value);
  const keys = [...(asKey.ok ? [asKey.key] : []), ...(value.length >= 32 ? [value] : [])];
  if (keys.length === 0) {
    return {
      ok: false,
      problem:
        'must be the key the secrets were sealed with: 32 bytes in hex or base64, or the old SESSION_SECRET',
    };
  }
  return { ok: true, keys: [...new Set(keys)] };
}
