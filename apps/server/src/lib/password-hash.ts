import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto';

/**
 * scrypt N=2^15, r=8, p=1 needs 32 MiB of memory per hash: slow enough to hurt
 * offline guessing, fast enough for a sign-in. Parameters live in the stored string so
 * they can be raised later without invalidating old hashes.
 */
const defaults = { N: 2 ** 15, r: 8, p: 1 } as const;
const keyLength = 64;

function derive(
  password: string,
  salt: Buffer,
  options: { N: number; r: number; p: number },
): Promise<Buffer> {
  const scryptOptions: ScryptOptions = { ...options, maxmem: 128 * options.N * options.r * options.p * 2 };
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, keyLength, scryptOptions, (error, key) => {
      if (error) reject(error);
      else resolve(key);
    });
  });
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, defaults);
  return ['scrypt', defaults.N, defaults.r, defaults.p, salt.toString('base64'), key.toString('base64')].join(
    '$',
  );
}

/** `stored` is null for an account made by single sign-on: no password matches, at the same cost. */
export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  if (stored === null) {
    await burnPasswordCheck(password);
    return false;
  }
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const actual = await derive(password, Buffer.from(salt, 'base64'), {
    N: Number(n),
    r: Number(r),
    p: Number(p),
  });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** A valid hash of nothing anyone knows: unknown emails still pay for one scrypt, so timing does not reveal accounts. */
let dummyHash: Promise<string> | undefined;
export async function burnPasswordCheck(password: string): Promise<void> {
  dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
  await verifyPassword(password, await dummyHash);
}
