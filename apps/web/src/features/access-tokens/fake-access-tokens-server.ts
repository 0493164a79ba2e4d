import type { AccessToken, AccessTokenCreate, AccessTokenUse, Portfolio } from '@app/contracts';
import { envelope, installFakeFetch, json, type RecordedCall } from '@/test/fake-fetch';

/*
 * A stand-in for the token routes, answering through the same fake fetch the other component
 * tests use: tokens are made and revoked in memory, each whole token answered once, on its create.
 */

const at = '2026-11-20T10:00:00.000Z';
export const ids = {
  main: '00000000-0000-4000-8000-0000000000a1',
  savings: '00000000-0000-4000-8000-0000000000a2',
  script: '00000000-0000-4000-8000-0000000000b1',
  created: '00000000-0000-4000-8000-0000000000b2',
} as const;

/** The whole token the fake hands out on a create. */
export const wholeToken = 'elt_Zx81Qm0pLr5tVb2nKc9sJw4yHd6gFa3eUo7iXq1';

export function portfolio(id: string, name: string): Portfolio {
  return {
    id,
    name,
    description: '',
    portfolio_type: 'manual',
    currency: 'usd',
    created_at: at,
    updated_at: at,
    total_value: '0',
    unique_coins_count: 0,
    change_24h: '0',
    change_percentage_24h: null,
    access: 'owner',
    shared_by: null,
  };
}

export function accessToken(over: Partial<AccessToken> = {}): AccessToken {
  return {
    id: ids.script,
    name: 'Backup script',
    prefix: 'elt_Ab12Cd34',
    scopes: ['read'],
    portfolio_ids: null,
    created_at: at,
    expires_at: '2027-02-18T10:00:00.000Z',
    last_used_at: null,
    last_used_address: null,
    ...over,
  };
}

export interface FakeTokensOptions {
  tokens?: AccessToken[];
  uses?: Record<string, AccessTokenUse[]>;
  /** Answers a create in place of the fake's own handling (a refusal, say). */
  onCreate?: (call: RecordedCall) => Response | undefined;
  /** Answers a revoke in place of the fake's 204 (a held answer, say); the token is removed either way. */
  onRevoke?: (call: RecordedCall) => Response | Promise<Response>;
}

const tokenPath = (id: string) => `/api/v2/tokens/${id}/`;

export function installFakeTokensServer(options: FakeTokensOptions = {}) {
  const state = {
    tokens: [...(options.tokens ?? [])],
    portfolios: [portfolio(ids.main, 'Main'), portfolio(ids.savings, 'Savings')],
  };
  const notFound = () => envelope(404, 'not_found', 'not_found', 'Token not found.');
  const known = (id: string) => state.tokens.some((t) => t.id === id);
  // The fake fetch matches whole paths: the routes with an id are listed for every id a test uses.
  const perToken = Object.values(ids).flatMap(
    (id): Array<[string, (call: RecordedCall) => Response | Promise<Response>]> => [
      [
        `GET ${tokenPath(id)}uses/`,
        () => (known(id) ? json({ uses: options.uses?.[id] ?? [] }) : notFound()),
      ],
      [
        `DELETE ${tokenPath(id)}`,
        (call: RecordedCall) => {
          if (!known(id)) return notFound();
          state.tokens = state.tokens.filter((t) => t.id !== id);
          return options.onRevoke ? options.onRevoke(call) : new Response(null, { status: 204 });
        },
      ],
    ],
  );
  const fake = installFakeFetch({
    ...Object.fromEntries(perToken),
    'GET /api/v2/tokens/': () => json({ tokens: state.tokens }),
    'POST /api/v2/tokens/': (call) => {
      const refusal = options.onCreate?.(call);
      if (refusal) return refusal;
      const body = JSON.parse(call.body ?? '{}') as AccessTokenCreate;
      const now = Date.now();
      const made = accessToken({
        id: ids.created,
        name: body.name,
        prefix: wholeToken.slice(0, 12),
        scopes: body.scopes,
        portfolio_ids: body.portfolio_ids,
        created_at: new Date(now).toISOString(),
        expires_at:
          body.expires_in_days === null
            ? null
            : new Date(now + body.expires_in_days * 86_400_000).toISOString(),
      });
      state.tokens = [made, ...state.tokens];
      return json({ ...made, token: wholeToken }, 201);
    },
    'GET /api/v2/portfolios/': () => json({ results: state.portfolios, count: state.portfolios.length }),
  });
  const bodies = (key: string) =>
    fake.calls
      .filter((c) => `${c.method} ${c.path}` === key)
      .map((c) => JSON.parse(c.body ?? 'null') as unknown);
  return { ...fake, state, bodies };
}
