import {
  apiBase,
  channelCreateBodySchema,
  channelIdParamsSchema,
  channelListResponseSchema,
  channelTestResponseSchema,
  channelUpdateBodySchema,
  deliveryIdParamsSchema,
  deliveryListQuerySchema,
  deliveryListResponseSchema,
  deliveryRetryResponseSchema,
  deliveryRoutes,
  limitMessages,
  notificationChannelSchema,
  notificationPreferencesSchema,
  notificationPreferencesUpdateSchema,
} from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { hourlyUserLimiter } from '../../plugins/rate-limit.ts';
import { requireUser } from '../../plugins/sessions.ts';
import type { DeliveryService } from './delivery.service.ts';

/** Delivery channels, quiet hours and digest, and the delivery log with its dead letters. */
export async function registerDeliveryRoutes(
  app: FastifyInstance,
  deps: {
    delivery: DeliveryService;
    /** LIMIT_TEST_SENDS_PER_HOUR: each test is a request to an address the user chose. */
    testSendsPerHour: number;
  },
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const testSends = hourlyUserLimiter(
    app.rateLimitCounter,
    'channel-test',
    deps.testSendsPerHour,
    limitMessages.testSends,
  );
  const channels = `${apiBase}${deliveryRoutes.channels}`;
  const channel = `${channels}:id/`;
  const user = { auth: 'user' as const };

  r.get(
    channels,
    // Where the owner's messages go (addresses, webhook targets) is theirs alone, masked or not.
    { config: { ...user, token: 'never' }, schema: { response: { 200: channelListResponseSchema } } },
    async (request) => deps.delivery.listChannels(requireUser(request).user.id),
  );

  r.post(
    channels,
    { config: user, schema: { body: channelCreateBodySchema, response: { 201: notificationChannelSchema } } },
    async (request, reply) =>
      reply.code(201).send(await deps.delivery.createChannel(requireUser(request).user.id, request.body)),
  );

  r.patch(
    channel,
    {
      config: user,
      schema: {
        params: channelIdParamsSchema,
        body: channelUpdateBodySchema,
        response: { 200: notificationChannelSchema },
      },
    },
    async (request) =>
      deps.delivery.updateChannel(requireUser(request).user.id, request.params.id, request.body),
  );

  r.delete(channel, { config: user, schema: { params: channelIdParamsSchema } }, async (request, reply) => {
    await deps.delivery.removeChannel(requireUser(request).user.id, request.params.id);
    return reply.code(204).send();
  });

  r.post(
    `${channel}test/`,
    { config: user, schema: { params: channelIdParamsSchema, response: { 200: channelTestResponseSchema } } },
    async (request) => {
      const userId = requireUser(request).user.id;
      // Per user over all their channels: a new channel must not buy a fresh allowance.
      await testSends.hit(userId);
      return deps.delivery.testChannel(userId, request.params.id);
    },
  );

  const preferences = `${apiBase}${deliveryRoutes.preferences}`;
  r.get(
    preferences,
    { config: user, schema: { response: { 200: notificationPreferencesSchema } } },
    async (request) => deps.delivery.preferences(requireUser(request).user.id),
  );
  r.patch(
    preferences,
    {
      config: user,
      schema: { body: notificationPreferencesUpdateSchema, response: { 200: notificationPreferencesSchema } },
    },
    async (request) => deps.delivery.updatePreferences(requireUser(request).user.id, request.body),
  );

  const deliveries = `${apiBase}${deliveryRoutes.deliveries}`;
  r.get(
    deliveries,
    {
      config: user,
      schema: { querystring: deliveryListQuerySchema, response: { 200: deliveryListResponseSchema } },
    },
    async (request) => deps.delivery.deliveries(requireUser(request).user.id, request.query),
  );
  r.post(
    `${deliveries}:id/retry/`,
    {
      config: user,
      schema: { params: deliveryIdParamsSchema, response: { 200: deliveryRetryResponseSchema } },
    },
    async (request) => {
      await deps.delivery.retryDelivery(requireUser(request).user.id, request.params.id);
      return { id: request.params.id, status: 'pending' as const };
    },
  );
}
