import { createHash, generateKeyPairSync, type KeyObject, verify } from 'node:crypto';

/** What a CDP key may do, as key_permissions names it. */
export interface CoinbaseKeyScopes {
  can_view: boolean;
  can_trade: boolean;
  can_transfer: boolean;
}

export const viewOnlyScopes: CoinbaseKeyScopes = { can_view: true, can_trade: false, can_transfer: false };

export interface FakeCoinbaseKey {
  /** The key's name: "organizations/{org_id}/apiKeys/{key_id}". */
  apiKey: string;
  /** The EC private key (P-256) in SEC1 PEM, as a CDP key file holds it. */
  secret: string;
  publicKey: KeyObject;
  scopes: CoinbaseKeyScopes;
  portfolioUuid: string;
}

/** A UUID-shaped id from a label: the same label gives the same id on every run. */
export function uuidFrom(label: string): string {
  const hex = createHash('sha256').update(label).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** A CDP key generated for the test run; its private key never leaves this process. */
export function fakeCoinbaseKey(label = 'main', scopes: CoinbaseKeyScopes = viewOnlyScopes): FakeCoinbaseKey {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  return {
    apiKey: `organizations/${uuidFrom(`org:${label}`)}/apiKeys/${uuidFrom(`key:${label}`)}`,
    secret: privateKey.export({ type: 'sec1', format: 'pem' }).toString(),
    publicKey,
    scopes,
    portfolioUuid: uuidFrom(`portfolio:${label}`),
  };
}

/** How long Coinbase accepts a token: two minutes from `nbf`. */
const maxLifetimeSeconds = 120;
/** How far ahead of Coinbase's clock a token's `nbf` may be. */
const clockLeewaySeconds = 5;
const issuers = new Set(['cdp', 'coinbase-cloud']);

export type JwtVerdict = { ok: true; key: FakeCoinbaseKey } | { ok: false; reason: string };

function decodePart(part: string): unknown {
  try {
    return JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Checks a CDP bearer token the way Coinbase does: ES256 over "header.payload" with the key's
 * public key, `kid` and `sub` the key's name, issuer "cdp" (ccxt and Coinbase's own SDK still send
 * the older "coinbase-cloud", which Coinbase accepts too), `nbf` not ahead and `exp` not past on
 * Coinbase's clock and at most two minutes apart, and `uri` exactly "METHOD host/path" of this
 * request, without its query.
 */
export function checkCoinbaseJwt(
  authorization: string | undefined,
  expectedUri: string,
  keys: readonly FakeCoinbaseKey[],
  nowSeconds: number,
): JwtVerdict {
  const token = authorization?.startsWith('Bearer ') ? authorization.slice('Bearer '.length) : undefined;
  const parts = token?.split('.') ?? [];
  const [headerPart, payloadPart, signaturePart] = parts;
  if (parts.length !== 3 || !headerPart || !payloadPart || !signaturePart) {
    return { ok: false, reason: 'no bearer token' };
  }
  const header = decodePart(headerPart);
  const payload = decodePart(payloadPart);
  if (!isRecord(header) || !isRecord(payload)) return { ok: false, reason: 'token not JSON' };
  if (header.alg !== 'ES256') return { ok: false, reason: 'not ES256' };
  const key = keys.find((candidate) => candidate.apiKey === payload.sub);
  if (!key) return { ok: false, reason: 'unknown key' };
  if (header.kid !== key.apiKey) return { ok: false, reason: 'kid is not the key' };
  if (typeof payload.iss !== 'string' || !issuers.has(payload.iss)) return { ok: false, reason: 'issuer' };
  const audience = payload.aud;
  if (audience !== undefined && !(Array.isArray(audience) && audience.includes('retail_rest_api_proxy'))) {
    return { ok: false, reason: 'audience' };
  }
  const { nbf, exp } = payload;
  if (typeof nbf !== 'number' || typeof exp !== 'number') return { ok: false, reason: 'no validity' };
  if (nbf > nowSeconds + clockLeewaySeconds) return { ok: false, reason: 'not yet valid' };
  if (exp <= nowSeconds) return { ok: false, reason: 'expired' };
  if (exp - nbf > maxLifetimeSeconds) return { ok: false, reason: 'valid for too long' };
  if (payload.uri !== expectedUri) return { ok: false, reason: 'for another request' };
  const signed = verify(
    'sha256',
    Buffer.from(`${headerPart}.${payloadPart}`),
    { key: key.publicKey, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signaturePart, 'base64url'),
  );
  return signed ? { ok: true, key } : { ok: false, reason: 'bad signature' };
}
