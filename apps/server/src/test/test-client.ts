import { csrfCookieName, csrfHeaderName } from '@app/contracts';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';

type Headers = Record<string, string>;

/** A browser-like client for inject(): keeps cookies and sends the CSRF header the SPA would send. */
export class TestClient {
  readonly cookies = new Map<string, string>();

  constructor(private readonly app: FastifyInstance) {}

  cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  private remember(response: LightMyRequestResponse): LightMyRequestResponse {
    for (const cookie of response.cookies as {
      name: string;
      value: string;
      expires?: Date;
      maxAge?: number;
    }[]) {
      const expired =
        cookie.value === '' ||
        (cookie.expires && cookie.expires.getTime() < Date.now()) ||
        cookie.maxAge === 0;
      if (expired) this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, cookie.value);
    }
    return response;
  }

  async request(
    method: string,
    url: string,
    init: { json?: unknown; form?: Record<string, string>; headers?: Headers; raw?: string } = {},
  ) {
    const headers: Headers = { ...init.headers };
    const cookie = this.cookieHeader();
    if (cookie && !('cookie' in headers)) headers.cookie = cookie;
    let payload: string | undefined;
    if (init.json !== undefined) {
      headers['content-type'] ??= 'application/json';
      payload = JSON.stringify(init.json);
    } else if (init.form) {
      headers['content-type'] ??= 'application/x-www-form-urlencoded';
      payload = new URLSearchParams(init.form).toString();
    } else if (init.raw !== undefined) {
      payload = init.raw;
    }
    const response = await this.app.inject({ method: method as 'GET', url, headers, payload });
    return this.remember(response);
  }

  get(url: string, headers?: Headers) {
    return this.request('GET', url, { headers });
  }

  /** Fetches a CSRF cookie once, then sends it as the header on every write, like the SPA. */
  async csrf(): Promise<string> {
    const existing = this.cookies.get(csrfCookieName);
    if (existing) return existing;
    await this.get('/api/auth/csrf/');
    const token = this.cookies.get(csrfCookieName);
    if (!token) throw new Error('no csrf cookie');
    return token;
  }

  async send(method: string, url: string, json?: unknown, headers: Headers = {}) {
    const token = await this.csrf();
    return this.request(method, url, { json, headers: { [csrfHeaderName]: token, ...headers } });
  }

  post(url: string, json?: unknown, headers?: Headers) {
    return this.send('POST', url, json, headers);
  }

  async postForm(url: string, form: Record<string, string>, withToken = true) {
    const token = await this.csrf();
    return this.request('POST', url, { form: withToken ? { csrfmiddlewaretoken: token, ...form } : form });
  }
}

let counter = 0;
/** Unique per call, so tests in one file never collide on the shared database. */
export function uniqueEmail(prefix = 'user'): string {
  counter += 1;
  return `${prefix}-${process.pid}-${counter}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

export const strongPassword = 'Correct-horse-42';

export async function signUp(client: TestClient, email = uniqueEmail(), password = strongPassword) {
  const response = await client.post('/api/auth/signup', { email, username: 'Tester', password });
  if (response.statusCode !== 200) throw new Error(`signup failed: ${response.statusCode} ${response.body}`);
  return { email, password, user: response.json().user as { id: string; email: string } };
}
