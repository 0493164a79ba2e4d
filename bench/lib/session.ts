/** Signs up a fresh account over HTTP, the way a browser does, and returns its cookie header. */
export async function signedInCookie(baseUrl: string): Promise<string> {
  const csrf = await fetch(`${baseUrl}/api/auth/csrf/`);
  const csrfCookie = cookiePairs(csrf).find((c) => c.startsWith('csrftoken='));
  if (!csrfCookie) throw new Error('no csrftoken cookie from /api/auth/csrf/');
  const token = csrfCookie.slice('csrftoken='.length);
  const res = await fetch(`${baseUrl}/api/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-csrftoken': token, cookie: csrfCookie },
    body: JSON.stringify({
      email: `bench-${Date.now()}@example.test`,
      username: 'bench',
      password: 'correct horse 42 battery',
    }),
  });
  if (!res.ok) throw new Error(`signup failed: ${res.status} ${await res.text()}`);
  const session = cookiePairs(res).find((c) => c.startsWith('session='));
  if (!session) throw new Error('no session cookie after signup');
  return `${csrfCookie}; ${session}`;
}

function cookiePairs(res: Response): string[] {
  return res.headers.getSetCookie().map((c) => c.split(';')[0] ?? '');
}
