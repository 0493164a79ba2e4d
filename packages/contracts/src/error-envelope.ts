import { z } from 'zod';
import { errorCategories } from './errors.ts';

// The error envelope's schemas, apart from the error codes and categories the app shell reads at
// first paint.

export const errorCategorySchema = z.enum(errorCategories);

/** Field path (dot-joined) → messages, for validation errors. */
export const fieldErrorsSchema = z.record(z.string(), z.array(z.string()));
export type FieldErrors = z.infer<typeof fieldErrorsSchema>;

export const errorEnvelopeSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    category: errorCategorySchema,
    details: z.record(z.string(), z.unknown()).nullable(),
  }),
  /** Error responses may carry a redirect the client follows after a lost session. */
  redirect: z.string().optional(),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;
