import {
  apiBase,
  entityIdSchema,
  instanceOverviewSchema,
  instanceRoutes,
  instanceUpdateSchema,
  instanceUserListSchema,
  instanceUserSchema,
  invitationCreatedSchema,
  invitationCreateSchema,
  invitationListSchema,
} from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../plugins/sessions.ts';
import type { InstanceService } from './instance.service.ts';

const idParams = z.object({ id: entityIdSchema }).strict();
/** Signed in, and never with a token: running the instance is done by a person in the app. */
const config = { auth: 'user', token: 'never' } as const;
const pattern = (path: string) => `${apiBase}${path}`;

export async function registerInstanceRoutes(app: FastifyInstance, service: InstanceService): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const actor = (request: Parameters<typeof requireUser>[0]) => requireUser(request).user.id;

  r.get(
    pattern(instanceRoutes.overview),
    { config, schema: { response: { 200: instanceOverviewSchema } } },
    async (request) => service.overview(actor(request)),
  );
  r.patch(
    pattern(instanceRoutes.overview),
    { config, schema: { body: instanceUpdateSchema, response: { 200: instanceOverviewSchema } } },
    async (request) => service.setSignupMode(actor(request), request.body.signup_mode),
  );
  r.get(
    pattern(instanceRoutes.users),
    { config, schema: { response: { 200: instanceUserListSchema } } },
    async (request) => ({ users: await service.users(actor(request)) }),
  );
  for (const [path, action] of [
    [instanceRoutes.disable(':id'), 'disable'],
    [instanceRoutes.enable(':id'), 'enable'],
    [instanceRoutes.promote(':id'), 'promote'],
  ] as const) {
    r.post(
      pattern(path),
      { config, schema: { params: idParams, response: { 200: instanceUserSchema } } },
      async (request) => service[action](actor(request), request.params.id),
    );
  }
  r.delete(
    pattern(instanceRoutes.user(':id')),
    { config, schema: { params: idParams } },
    async (request, reply) => {
      await service.remove(actor(request), request.params.id);
      return reply.code(204).send();
    },
  );
  r.get(
    pattern(instanceRoutes.invitations),
    { config, schema: { response: { 200: invitationListSchema } } },
    async (request) => ({ invitations: await service.invitations(actor(request)) }),
  );
  r.post(
    pattern(instanceRoutes.invitations),
    { config, schema: { body: invitationCreateSchema, response: { 201: invitationCreatedSchema } } },
    async (request, reply) =>
      reply.code(201).send(await service.createInvitation(actor(request), request.body)),
  );
  r.delete(
    pattern(instanceRoutes.invitation(':id')),
    { config, schema: { params: idParams } },
    async (request, reply) => {
      await service.revokeInvitation(actor(request), request.params.id);
      return reply.code(204).send();
    },
  );
}
