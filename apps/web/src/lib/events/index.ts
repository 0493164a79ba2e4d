export { type EventStreamOptions, notificationsQueryRoot, openEventStream } from './event-stream';
export { useEventStream } from './use-event-stream';
