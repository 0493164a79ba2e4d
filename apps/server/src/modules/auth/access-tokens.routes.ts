import {
  accessTokenCreatedSchema,
  accessTokenCreateSchema,
  accessTokenListSchema,
  accessTokenRoutes,
  accessTokenUsesSchema,
  apiBase,
  entityIdSchema,
} from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../plugins/sessions.ts';
import type { AccessTokenService } from './access-tokens.service.ts';

const idParams = z.object({ id: entityIdSchema });

/** Settings → API access. Signed in only: a token can never make, list or revoke tokens. */
export async function registerAccessTokenRoutes(
  app: FastifyInstance,
  deps: { tokens: AccessTokenService },
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const list = `${apiBase}${accessTokenRoutes.tokens}`;
  const one = `${list}:id/`;
  const config = { auth: 'user', token: 'never' } as const;

  r.get(list, { config, schema: { response: { 200: accessTokenListSchema } } }, async (request) => ({
    tokens: await deps.tokens.list(requireUser(request).user.id),
  }));
  r.post(
    list,
    { config, schema: { body: accessTokenCreateSchema, response: { 201: accessTokenCreatedSchema } } },
    async (request, reply) => {
      reply.code(201);
      return deps.tokens.create(requireUser(request).user.id, request.body);
    },
  );
  r.delete(one, { config, schema: { params: idParams } }, async (request, reply) => {
    await deps.tokens.revoke(requireUser(request).user.id, request.params.id);
    return reply.code(204).send();
  });
  r.get(
    `${one}uses/`,
    { config, schema: { params: idParams, response: { 200: accessTokenUsesSchema } } },
    async (request) => ({ uses: await deps.tokens.uses(requireUser(request).user.id, request.params.id) }),
  );
}
