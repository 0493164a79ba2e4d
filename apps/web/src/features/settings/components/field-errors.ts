import type { FieldErrors } from '@app/contracts';
import { isApiError } from '@/lib/api/api-error';

/** Field messages from a validation envelope (details.fields), or none. */
export function fieldErrorsOf(error: unknown): FieldErrors {
  return isApiError(error) && error.category === 'validation' ? error.fieldErrors : {};
}

/** zod issues → the same field → messages shape the server uses. */
export function fieldErrorsFromIssues(
  issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>,
): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join('.');
    out[key] = [...(out[key] ?? []), issue.message];
  }
  return out;
}
