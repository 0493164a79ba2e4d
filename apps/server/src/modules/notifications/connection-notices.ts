import type { AlertEventOperand } from '@app/contracts';
import { notifications } from '../../db/schema/index.ts';
import type { EventBus } from '../../events/event-bus.ts';
import type { FailureNotifier } from '../connections/index.ts';

/** A connection's notice fired no alert; the payload's operands say nothing. */
const nothing: AlertEventOperand = { type: 'value', metric: null, params: { period: null }, value: 0 };

/**
 * The in-app notice that a wallet connection started failing: a notification row written in the
 * sync's own failure transaction, announced on the bus once that committed (the stream forwards
 * it to the owner). The coin is the chain's own, so opening the notice leads somewhere real.
 */
export function createConnectionFailureNotifier(deps: { bus?: EventBus | undefined }): FailureNotifier {
  return {
    async write(tx, notice, at) {
      const [row] = await tx
        .insert(notifications)
        .values({
          userId: notice.userId,
          alertId: null,
          coinCoingeckoId: notice.kind === 'bitcoin' ? 'bitcoin' : 'ethereum',
          eventPayload: {
            left: nothing,
            op: '>=',
            right: nothing,
            connection_failure: {
              connection_id: notice.connectionId,
              connection_label: notice.label,
              error: notice.message,
            },
          },
          createdAt: at,
        })
        .returning({ id: notifications.id });
      return async () => {
        if (row)
          await deps.bus?.publish({ type: 'notification', userId: notice.userId, notificationId: row.id });
      };
    },
  };
}
