// The signed-in users of bench/load: each signs up like a browser and gets a portfolio with five
// buys and an exit-strategy projection with 20 planned sells.

export interface LoadUser {
  cookie: string;
  csrf: string;
  portfolioId: string;
  projectionId: string;
}

function setCookies(res: Response): Map<string, string> {
  const out = new Map<string, string>();
  for (const c of res.headers.getSetCookie()) {
    const pair = c.split(';')[0] ?? '';
    const eq = pair.indexOf('=');
    if (eq > 0) out.set(pair.slice(0, eq), pair.slice(eq + 1));
  }
  return out;
}

async function json(res: Response, what: string): Promise<Record<string, unknown>> {
  if (!res.ok) throw new Error(`${what}: ${res.status} ${await res.text()}`);
  return (await res.json()) as Record<string, unknown>;
}

/** Signs up like a browser (CSRF cookie, then the form post), then seeds a portfolio and a projection. */
export async function newUser(base: string, i: number): Promise<LoadUser> {
  const jar = setCookies(await fetch(`${base}/api/auth/csrf/`));
  const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  const send = async (method: string, path: string, body: unknown) => {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: {
        cookie: cookie(),
        'x-csrftoken': jar.get('csrftoken') ?? '',
        'content-type': 'application/json',
      },
      body: JSON.stringify(body),
    });
    for (const [k, v] of setCookies(res)) jar.set(k, v);
    return res;
  };
  await json(
    await send('POST', '/api/auth/signup', {
      email: `load-${process.pid}-${i}@example.test`,
      username: `load${i}`,
      password: 'correct horse 42 battery',
    }),
    'signup',
  );
  const portfolio = await json(await send('POST', '/api/v2/portfolios/', { name: 'Main' }), 'portfolio');
  for (let k = 0; k < 5; k++) {
    await json(
      await send('POST', '/api/v2/transactions/', {
        portfolio_id: portfolio.id,
        coin_id: k % 2 === 0 ? 'bitcoin' : 'ethereum',
        type: 'buy',
        quantity: '1',
        price_per_coin: String(1000 + k),
        fee: '0',
        date: new Date(Date.UTC(2023, k, 1)).toISOString(),
        note: '',
      }),
      'transaction',
    );
  }
  const projection = await json(
    await send('POST', '/api/v2/projections/exit-strategy/', {
      name: 'Exit',
      coin_id: 'bitcoin',
      coin_symbol: 'btc',
      coin_name: 'Bitcoin',
      invested_capital: '1000',
      tokens_owned: '1',
      sell_tax: '0',
    }),
    'projection',
  );
  await json(
    await send(
      'POST',
      `/api/v2/projections/exit-strategy/${String(projection.id)}/transactions/replace/`,
      Array.from({ length: 20 }, (_, k) => ({
        coins_sold: '0.01',
        price_per_coin: String(50_000 + k * 1000),
        fees_percentage: '0.1',
        price_impact_percentage: '0',
        transaction_order: k + 1,
      })),
    ),
    'sells',
  );
  return {
    cookie: cookie(),
    csrf: jar.get('csrftoken') ?? '',
    portfolioId: String(portfolio.id),
    projectionId: String(projection.id),
  };
}

/**
 * Signs up and seeds `count` users, all at once, as the probe did: the password hashes
 * queue on the thread pool while other clients keep asking.
 */
export async function seedUsers(base: string, count: number): Promise<LoadUser[]> {
  return Promise.all(Array.from({ length: count }, (_, i) => newUser(base, i)));
}
