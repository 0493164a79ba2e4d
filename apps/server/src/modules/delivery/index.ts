export { createSecretBox } from '../../lib/secret-box.ts';
export { baseCurrenciesOf, listChannels } from './channels.repository.ts';
export {
  createDeliveryParts,
  createOutboxWorker,
  type DeliveryParts,
  registerDeliveryModule,
} from './delivery-module.ts';
export { createDispatcher } from './dispatch.ts';
export { type FiredNotification, fanOutDeliveries, planDeliveries } from './fanout.ts';
export { deliveriesOfWritten, type PlannedDelivery } from './outbox.repository.ts';
export { createDeliveryWorker } from './outbox-worker.ts';
export { buildWebhookRequest } from './presets.ts';
export { createWebhookSender } from './webhook-sender.ts';
