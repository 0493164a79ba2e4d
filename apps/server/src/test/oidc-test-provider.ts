import { generateKeyPairSync, type KeyObject, sign } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type Adapter, type AdapterPayload } from 'oidc-provider';

/**
 * A real OpenID Connect provider (oidc-provider, certified) on 127.0.0.1 for the tests, with
 * its development login and consent screens driven over HTTP like a browser would. Hooks let a
 * test forge what an attacker or a broken provider would send: ID token claims re-signed with
 * the provider's own key (wrong nonce, issuer, audience), authorization codes that have expired.
 */
export interface TestAccount {
  email?: string;
  email_verified?: boolean;
  preferred_username?: string;
  name?: string;
}

export interface TestProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  accounts: Map<string, TestAccount>;
  /** Claims to overwrite in the next ID tokens (re-signed with the provider's key). */
  forgeIdToken: Record<string, unknown> | null;
  /** Every authorization code the provider looks up is past its expiry. */
  expireCodes: boolean;
  /** Runs the provider's login (as `accountId`) and consent from an authorization URL; returns the callback URL. */
  authorize(authorizationUrl: string): Promise<URL>;
  /** Follows an end-session URL through the provider's confirmation; returns where it sends the browser. */
  endSession(url: string): Promise<string>;
  /** The account the next authorize() signs in as. */
  signInAs: string;
  stop(): Promise<void>;
}

const base64url = (value: Buffer | string) => Buffer.from(value).toString('base64url');

function resign(token: string, forged: Record<string, unknown>, key: KeyObject, kid: string): string {
  const [, payload] = token.split('.');
  const claims = { ...JSON.parse(Buffer.from(payload ?? '', 'base64url').toString('utf8')), ...forged };
  const head = `${base64url(JSON.stringify({ alg: 'RS256', typ: 'JWT', kid }))}.${base64url(JSON.stringify(claims))}`;
  return `${head}.${sign('RSA-SHA256', Buffer.from(head), key).toString('base64url')}`;
}

/** A minimal storage adapter (the provider's memory adapter with an "expired codes" switch). */
function memoryAdapter(store: Map<string, AdapterPayload>, state: { expireCodes: boolean }) {
  return class MemoryAdapter implements Adapter {
    constructor(private readonly model: string) {}
    private key(id: string) {
      return `${this.model}:${id}`;
    }
    async upsert(id: string, payload: AdapterPayload) {
      store.set(this.key(id), payload);
      if (payload.grantId) store.set(`grant:${payload.grantId}:${this.key(id)}`, { jti: id });
      if (payload.uid) store.set(`uid:${payload.uid}`, { jti: id });
    }
    async find(id: string) {
      const payload = store.get(this.key(id));
      if (payload && this.model === 'AuthorizationCode' && state.expireCodes) {
        return { ...payload, exp: Math.floor(Date.now() / 1000) - 60 };
      }
      return payload;
    }
    async findByUid(uid: string) {
      const ref = store.get(`uid:${uid}`);
      return ref?.jti ? this.find(ref.jti) : undefined;
    }
    async findByUserCode() {
      return undefined;
    }
    async consume(id: string) {
      const payload = store.get(this.key(id));
      if (payload) payload.consumed = Math.floor(Date.now() / 1000);
    }
    async destroy(id: string) {
      store.delete(this.key(id));
    }
    async revokeByGrantId(grantId: string) {
      for (const key of [...store.keys()]) {
        if (key.startsWith(`grant:${grantId}:`)) {
          store.delete(key.slice(`grant:${grantId}:`.length));
          store.delete(key);
        }
      }
    }
  };
}

/** A cookie jar and redirect walker over fetch, standing in for the browser at the provider. */
function browserAgent() {
  const jar = new Map<string, string>();
  return async function go(url: string, init: { method?: string; form?: Record<string, string> } = {}) {
    const response = await fetch(url, {
      method: init.method ?? 'GET',
      redirect: 'manual',
      headers: {
        cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
        ...(init.form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      ...(init.form ? { body: new URLSearchParams(init.form).toString() } : {}),
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';');
      const index = pair.indexOf('=');
      const name = pair.slice(0, index);
      const value = pair.slice(index + 1);
      if (value === '' || /expires=Thu, 01 Jan 1970/i.test(cookie)) jar.delete(name);
      else jar.set(name, value);
    }
    const location = response.headers.get('location');
    const body = await response.text();
    return { status: response.status, location: location ? new URL(location, url).href : null, body };
  };
}

export async function startTestProvider(options: {
  redirectUri: string;
  postLogoutRedirectUri: string;
  /** Where to listen; any free port when left out. */
  port?: number;
}): Promise<TestProvider> {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const kid = 'test-key';
  const accounts = new Map<string, TestAccount>();
  const flags = { expireCodes: false };
  const store = new Map<string, AdapterPayload>();
  const clientId = 'exit-liquidity';
  const clientSecret = 'provider-test-secret';

  const provider = new Provider(issuer, {
    adapter: memoryAdapter(store, flags),
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [options.redirectUri],
        post_logout_redirect_uris: [options.postLogoutRedirectUri],
        response_types: ['code'],
        grant_types: ['authorization_code'],
      },
    ],
    jwks: { keys: [{ ...privateKey.export({ format: 'jwk' }), kid, use: 'sig', alg: 'RS256' }] },
    cookies: { keys: ['oidc-test-provider-cookie-key'] },
    ttl: {
      AccessToken: 600,
      AuthorizationCode: 60,
      Grant: 3600,
      IdToken: 600,
      Interaction: 600,
      Session: 3600,
    },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['preferred_username', 'name'],
    },
    features: { devInteractions: { enabled: true }, rpInitiatedLogout: { enabled: true } },
    async findAccount(_ctx, id) {
      const account = accounts.get(id);
      if (!account) return undefined;
      return { accountId: id, claims: async () => ({ sub: id, ...account }) };
    },
  });
  const forged: { claims: Record<string, unknown> | null } = { claims: null };
  provider.use(async (ctx, next) => {
    await next();
    const body = ctx.body as { id_token?: unknown } | undefined;
    if (ctx.path === '/token' && forged.claims && typeof body?.id_token === 'string') {
      ctx.body = { ...body, id_token: resign(body.id_token, forged.claims, privateKey, kid) };
    }
  });
  server.on('request', provider.callback());

  const result: TestProvider = {
    issuer,
    clientId,
    clientSecret,
    accounts,
    signInAs: '',
    get forgeIdToken() {
      return forged.claims;
    },
    set forgeIdToken(value) {
      forged.claims = value;
    },
    get expireCodes() {
      return flags.expireCodes;
    },
    set expireCodes(value) {
      flags.expireCodes = value;
    },
    async authorize(authorizationUrl) {
      const go = browserAgent();
      let step = await go(authorizationUrl);
      for (let hops = 0; hops < 12; hops++) {
        const location = step.location;
        if (!location) throw new Error(`provider stopped at ${step.status}: ${step.body.slice(0, 300)}`);
        if (location.startsWith(options.redirectUri)) return new URL(location);
        const interaction = /\/interaction\/([^/?#]+)$/.exec(new URL(location).pathname);
        if (!interaction) {
          step = await go(location);
          continue;
        }
        const page = await go(location);
        const prompt = page.body.includes('name="login"') ? 'login' : 'consent';
        const form: Record<string, string> =
          prompt === 'login' ? { prompt, login: result.signInAs, password: 'any' } : { prompt };
        step = await go(location, { method: 'POST', form });
      }
      throw new Error('too many redirects at the provider');
    },
    async endSession(url) {
      const go = browserAgent();
      const page = await go(url);
      const xsrf = /name="xsrf" value="([^"]+)"/.exec(page.body)?.[1];
      if (!xsrf) return page.location ?? `no form: ${page.status}`;
      const done = await go(`${issuer}/session/end/confirm`, {
        method: 'POST',
        form: { xsrf, logout: 'yes' },
      });
      return done.location ?? `no redirect: ${done.status}`;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
  return result;
}
