/**
 * Signs up a fresh account over HTTP, the way a browser does, and returns its cookie header
 * (every cookie the sign-up set, as a browser keeps them: the session, the CSRF cookie bound to it
 * and the signed-in hint; callers echo `csrftoken` in X-CSRFToken).
 */
export async function signedInCookie(baseUrl: string): Promise<string> {
  const csrf = await fetch(`${baseUrl}/api/auth/csrf/`);
  // The anonymous token is bound to the pre-session nonce cookie sent beside it.
  const anonymous = cookiePairs(csrf);
  const csrfCookie = anonymous.find((c) => c.startsWith('csrftoken='));
  if (!csrfCookie) throw new Error('no csrftoken cookie from /api/auth/csrf/');
  const token = csrfCookie.slice('csrftoken='.length);
  const res = await fetch(`${baseUrl}/api/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-csrftoken': token, cookie: anonymous.join('; ') },
    body: JSON.stringify({
      email: `bench-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.test`,
      username: 'bench',
      password: 'correct horse 42 battery',
    }),
  });
  if (!res.ok) throw new Error(`signup failed: ${res.status} ${await res.text()}`);
  const signedIn = cookiePairs(res);
  const session = signedIn.find((c) => c.startsWith('session='));
  // Sign-in rotates the token: the new one is bound to the new session.
  const rotated = signedIn.find((c) => c.startsWith('csrftoken='));
  if (!session || !rotated) throw new Error('no session or csrftoken cookie after signup');
  return signedIn.join('; ');
}

/** A fresh account's headers for JSON writes: its cookies and the CSRF token bound to its session. */
export async function signedInJsonHeaders(baseUrl: string): Promise<Record<string, string>> {
  const cookie = await signedInCookie(baseUrl);
  const token = /csrftoken=([^;]+)/.exec(cookie)?.[1] ?? '';
  return { cookie, 'x-csrftoken': token, 'content-type': 'application/json' };
}

function cookiePairs(res: Response): string[] {
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0] ?? '')
    .filter((c) => !c.endsWith('='));
}
