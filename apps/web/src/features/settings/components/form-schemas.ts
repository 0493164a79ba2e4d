// The settings forms' checks, loaded on the first submit: the settings pages paint without zod.
// The service worker precaches the chunk, so the forms check offline too.
export { channelCreateBodySchema, passwordChangeSchema, profileUpdateSchema } from '@app/contracts';
