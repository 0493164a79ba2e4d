import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { EventBus } from '../../events/event-bus.ts';
import type { Clock } from '../../lib/clock.ts';
import { registerEventRoutes } from '../events/events.routes.ts';
import { createStreamHub } from '../events/stream-hub.ts';
import { registerIndicatorRoutes } from '../indicators/indicators.routes.ts';
import { createIndicatorsService } from '../indicators/indicators.service.ts';
import type { MarketReader } from '../market/market-reader.ts';
import { registerNotificationRoutes } from '../notifications/notifications.routes.ts';
import { createNotificationsService } from '../notifications/notifications.service.ts';
import { registerAlertRoutes } from './alerts.routes.ts';
import { createAlertsService } from './alerts.service.ts';

/** Issue 6 in one place for app.ts: alerts, notifications, the events stream and indicators. */
export async function registerAlertsModule(
  app: FastifyInstance,
  deps: { db: Db; clock: Clock; market: MarketReader; bus: EventBus },
): Promise<void> {
  await registerAlertRoutes(app, { alerts: createAlertsService(deps) });
  await registerNotificationRoutes(app, { notifications: createNotificationsService(deps) });
  await registerIndicatorRoutes(app, { indicators: createIndicatorsService(deps) });
  await registerEventRoutes(app, { hub: createStreamHub({ bus: deps.bus, clock: deps.clock }) });
}
