import type { FieldErrors } from '@app/contracts';
import { isApiError } from '@/lib/api/api-error';

/** Field messages from a validation envelope (details.fields), or none. */
export function fieldErrorsOf(error: unknown): FieldErrors {
  return isApiError(error) && error.category === 'validation' ? error.fieldErrors : {};
}

/**
 * zod issues → field → messages, by the issue's first path segment (`chains.2` is the chains
 * field); an issue of the whole body goes under `form`.
 */
export function fieldErrorsFromIssues(
  issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>,
): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of issues) {
    const key = issue.path.length > 0 ? String(issue.path[0]) : 'form';
    out[key] = [...(out[key] ?? []), issue.message];
  }
  return out;
}

/** The messages of fields the form does not show, so none is lost. */
export function otherErrors(errors: FieldErrors, shown: readonly string[]): string[] {
  return Object.entries(errors)
    .filter(([key]) => !shown.includes(key))
    .flatMap(([, messages]) => messages);
}

/** Server field errors keyed by their first path segment, as the forms show them. */
export function serverFieldErrors(error: unknown): FieldErrors {
  const out: FieldErrors = {};
  for (const [key, messages] of Object.entries(fieldErrorsOf(error))) {
    const field = key.split('.')[0] || 'form';
    out[field] = [...(out[field] ?? []), ...messages];
  }
  return out;
}
