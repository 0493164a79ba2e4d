import type { FieldErrors } from '@app/contracts';
import { isApiError } from '@/lib/api/api-error';

/**
 * Messages by the field the form shows them at: the first segment of the path (`portfolio_ids.0`
 * is the portfolios), and `form` for what belongs to no field.
 */
function byField(entries: ReadonlyArray<readonly [string, readonly string[]]>): FieldErrors {
  const out: FieldErrors = {};
  for (const [path, messages] of entries) {
    const field = path.split('.')[0] || 'form';
    out[field] = [...new Set([...(out[field] ?? []), ...messages])];
  }
  return out;
}

/** The field messages of a validation envelope (details.fields), or none. */
export function serverFieldErrors(error: unknown): FieldErrors {
  if (!isApiError(error) || error.category !== 'validation') return {};
  return byField(Object.entries(error.fieldErrors));
}

/** zod issues, the same way. */
export function issueFieldErrors(
  issues: ReadonlyArray<{ path: readonly PropertyKey[]; message: string }>,
): FieldErrors {
  return byField(issues.map((i) => [i.path.map(String).join('.'), [i.message]] as const));
}

/** Messages of fields the form has no place for, so none is lost. */
export function otherErrors(errors: FieldErrors, shown: readonly string[]): string[] {
  return Object.entries(errors)
    .filter(([field]) => !shown.includes(field))
    .flatMap(([, messages]) => messages);
}
