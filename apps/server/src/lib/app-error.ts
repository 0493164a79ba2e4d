import {
  type ErrorCategory,
  type ErrorCode,
  errorCatalogue,
  errorCodes,
  type FieldErrors,
} from '@app/contracts';

export interface AppErrorInit {
  /** A code the contract owns; its status and category come from the contract's catalogue. */
  code: ErrorCode;
  message: string;
  details?: Record<string, unknown> | null;
  redirect?: string;
  /** Only for a status Fastify chose (an unusual 4xx passed through); normally the catalogue's. */
  status?: number;
}

/** The one error type services and routes throw; the error handler turns it into the error envelope. */
export class AppError extends Error {
  readonly status: number;
  readonly code: ErrorCode;
  readonly category: ErrorCategory;
  readonly details: Record<string, unknown> | null;
  readonly redirect: string | undefined;

  constructor(init: AppErrorInit) {
    super(init.message);
    const entry = errorCatalogue[init.code];
    this.name = 'AppError';
    this.status = init.status ?? entry.status;
    this.code = init.code;
    this.category = entry.category;
    this.details = init.details ?? null;
    this.redirect = init.redirect;
  }
}

/** The error factory: `apiError('not_found', message)`. */
export function apiError(
  code: ErrorCode,
  message: string,
  extra: Omit<AppErrorInit, 'code' | 'message'> = {},
) {
  return new AppError({ code, message, ...extra });
}

export function isAppError(value: unknown): value is AppError {
  return value instanceof AppError;
}

export function validationError(
  fields: FieldErrors,
  message = 'Please check your input and try again',
): AppError {
  return new AppError({ code: 'validation_error', message, details: { fields } });
}

/** A resource that is not the caller's or does not exist: the two answer alike. */
export function notFound(message: string, field?: string): AppError {
  return new AppError({
    code: errorCodes.notFound,
    message,
    details: field ? { fields: { [field]: [message] } } : null,
  });
}
