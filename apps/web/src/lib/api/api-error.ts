import type { ErrorCategory, FieldErrors } from '@app/contracts';
import { shellSchemas } from '@/lib/api/lazy-schemas';
import { clientMessages } from '@/lib/messages';

/** `network` is client-side only: the request never got an answer. */
export type ApiErrorCategory = ErrorCategory | 'network';

export interface ApiErrorInit {
  code: string;
  category: ApiErrorCategory;
  message: string;
  status: number;
  details?: Record<string, unknown> | null;
  redirect?: string | undefined;
  /** `details.fields` checked against the contract (apiErrorFromResponse does it). */
  fieldErrors?: FieldErrors;
  cause?: unknown;
}

/** The server's error envelope as a typed error, plus the HTTP status. */
export class ApiError extends Error {
  readonly code: string;
  readonly category: ApiErrorCategory;
  readonly status: number;
  readonly details: Record<string, unknown> | null;
  readonly redirect: string | undefined;
  readonly #fieldErrors: FieldErrors;

  constructor(init: ApiErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.name = 'ApiError';
    this.code = init.code;
    this.category = init.category;
    this.status = init.status;
    this.details = init.details ?? null;
    this.redirect = init.redirect;
    this.#fieldErrors = init.fieldErrors ?? {};
  }

  /** Validation errors carry `details.fields`: field → messages. */
  get fieldErrors(): FieldErrors {
    return this.#fieldErrors;
  }

  get isNetwork(): boolean {
    return this.category === 'network';
  }

  get isTimeout(): boolean {
    return this.code === 'timeout';
  }
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}

/** When a proxy or crash answers without our envelope, the status still says what went wrong. */
function categoryForStatus(status: number): ErrorCategory {
  if (status === 401 || status === 403) return 'auth';
  if (status === 404) return 'not_found';
  if (status === 400 || status === 422) return 'validation';
  if (status === 409 || status === 429) return 'business';
  if (status === 502 || status === 503 || status === 504) return 'external';
  return 'internal';
}

export async function apiErrorFromResponse(response: Response): Promise<ApiError> {
  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    body = null;
  }
  // Without the schemas' chunk (a dropped connection) the status still says what went wrong.
  const schemas = await shellSchemas().catch(() => null);
  const envelope = schemas?.errorEnvelopeSchema.safeParse(body);
  if (schemas && envelope?.success) {
    const { error, redirect } = envelope.data;
    const fields = schemas.fieldErrorsSchema.safeParse(error.details?.fields);
    return new ApiError({
      ...error,
      status: response.status,
      redirect,
      ...(fields.success ? { fieldErrors: fields.data } : {}),
    });
  }
  return new ApiError({
    code: `http_${response.status}`,
    category: categoryForStatus(response.status),
    message: response.statusText || `Request failed with status ${response.status}`,
    status: response.status,
  });
}

export function networkError(cause: unknown, timedOut: boolean): ApiError {
  return new ApiError({
    code: timedOut ? 'timeout' : 'network_error',
    category: 'network',
    message: timedOut ? clientMessages.timeout : clientMessages.network,
    status: 0,
    cause,
  });
}

/** The write was kept on this device and will be sent when the network returns. */
export const queuedOfflineCode = 'queued_offline';

export function queuedOfflineError(): ApiError {
  return new ApiError({
    code: queuedOfflineCode,
    category: 'network',
    message: clientMessages.queuedOffline,
    status: 0,
  });
}

export function isQueuedOffline(value: unknown): boolean {
  return isApiError(value) && value.code === queuedOfflineCode;
}
