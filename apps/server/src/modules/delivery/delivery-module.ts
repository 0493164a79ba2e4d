import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import type { EventBus } from '../../events/event-bus.ts';
import type { Mailer } from '../../integrations/mail/index.ts';
import type { Clock } from '../../lib/clock.ts';
import type { HostLookup } from '../../lib/outbound-guard.ts';
import { createSecretBox } from '../../lib/secret-box.ts';
import { registerDeliveryRoutes } from './delivery.routes.ts';
import { createDeliveryService } from './delivery.service.ts';
import { createDispatcher, type Dispatcher } from './dispatch.ts';
import { createDeliveryWorker, type DeliveryWorker, type DeliveryWorkerOptions } from './outbox-worker.ts';
import { createWebhookSender, type WebhookSender } from './webhook-sender.ts';

export interface DeliveryParts {
  dispatcher: Dispatcher;
  sender: WebhookSender;
}

/**
 * The sending side, built from configuration: one webhook sender (keep-alive agents) per process.
 * `lookup` resolves webhook hosts (the system's resolver unless a test answers for it).
 */
export function createDeliveryParts(config: Config, mailer: Mailer, lookup?: HostLookup): DeliveryParts {
  const sender = createWebhookSender({
    allowPrivate: config.webhooks.allowPrivate,
    timeoutMs: config.webhooks.timeoutMs,
    lookup,
  });
  return {
    sender,
    dispatcher: createDispatcher({ sender, mailer, secrets: createSecretBox(config.secrets.key) }),
  };
}

/**
 * The outbox worker for a process. Its lease outlasts a send's time limit with room to spare,
 * so only a sender that died leaves a row to be taken again.
 */
export function createOutboxWorker(
  config: Config,
  parts: DeliveryParts,
  deps: { db: Db; clock: Clock; bus?: EventBus; logger?: DeliveryWorkerOptions['logger'] } & Partial<
    Pick<
      DeliveryWorkerOptions,
      'pollMs' | 'leaseMs' | 'backoffBaseMs' | 'maxAttempts' | 'batchSize' | 'concurrency'
    >
  >,
): DeliveryWorker {
  return createDeliveryWorker({
    ...deps,
    dispatcher: parts.dispatcher,
    publicUrl: config.publicUrl,
    leaseMs: deps.leaseMs ?? config.webhooks.timeoutMs * 2 + 5_000,
  });
}

export async function registerDeliveryModule(
  api: FastifyInstance,
  deps: { db: Db; clock: Clock; config: Config; parts: DeliveryParts },
): Promise<void> {
  const { db, config } = deps;
  await registerDeliveryRoutes(api, {
    delivery: createDeliveryService({
      db,
      clock: deps.clock,
      secrets: createSecretBox(config.secrets.key),
      dispatcher: deps.parts.dispatcher,
      checkUrl: (url) => deps.parts.sender.checkUrl(url),
      publicUrl: config.publicUrl,
      emailOf: async (userId) => {
        const [row] = await db
          .select({ email: users.email })
          .from(users)
          .where(eq(users.id, userId))
          .limit(1);
        return row?.email ?? '';
      },
    }),
    testSendsPerHour: config.limits.testSendsPerHour,
  });
}
