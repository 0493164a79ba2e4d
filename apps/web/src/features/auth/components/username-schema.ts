// Loaded on the first submit, so the page paints without zod (issue 15).
export { usernameSchema } from '@app/contracts';
