import { type DeliveryMessage, deliveryMessages } from '@app/contracts';
import type { Mailer } from '../../integrations/mail/index.ts';
import type { SecretBox } from '../../lib/secret-box.ts';
import type { NotificationChannelRow } from './channels.repository.ts';
import { buildWebhookRequest, type ChannelSecret } from './presets.ts';
import type { SendOutcome, WebhookSender } from './webhook-sender.ts';

export type SendableChannel = NotificationChannelRow & { email: string };

export interface Dispatcher {
  /** One attempt to deliver `message` on `channel`; never throws. */
  dispatch(channel: SendableChannel, message: DeliveryMessage, idempotencyKey: string): Promise<SendOutcome>;
}

export function readSecret(secrets: SecretBox, channel: NotificationChannelRow): ChannelSecret | null {
  if (!channel.secret) return {};
  const plain = secrets.open(channel.secret, channel.id);
  if (plain === null) return null;
  return JSON.parse(plain) as ChannelSecret;
}

/** SMTP 5xx replies are permanent (bad mailbox, refused sender); the rest may pass on retry. */
function mailOutcome(error: unknown): SendOutcome {
  const code = (error as { responseCode?: number }).responseCode;
  const message = error instanceof Error ? error.message : String(error);
  return { ok: false, permanent: typeof code === 'number' && code >= 500 && code < 600, error: message };
}

export function createDispatcher(deps: {
  sender: WebhookSender;
  mailer: Mailer;
  secrets: SecretBox;
}): Dispatcher {
  return {
    async dispatch(channel, message, idempotencyKey) {
      if (channel.kind === 'email') {
        try {
          await deps.mailer.send({
            to: channel.email,
            subject: message.title,
            text: [
              message.body,
              message.url ? `\nOpen: ${message.url}` : '',
              `\n\nRef: ${idempotencyKey}`,
            ].join(''),
          });
          return { ok: true };
        } catch (error) {
          return mailOutcome(error);
        }
      }
      const secret = readSecret(deps.secrets, channel);
      if (secret === null || !channel.preset) {
        return { ok: false, permanent: true, error: deliveryMessages.cannotDecrypt };
      }
      try {
        return await deps.sender.send(buildWebhookRequest(channel.preset, secret, message, idempotencyKey));
      } catch (error) {
        return { ok: false, permanent: true, error: error instanceof Error ? error.message : String(error) };
      }
    },
  };
}
