// Loaded on the first submit, so the page paints without zod.
export { usernameSchema } from '@app/contracts';
