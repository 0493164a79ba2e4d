import type { ErrorCategory, FieldErrors } from '@app/contracts';

export interface AppErrorInit {
  status: number;
  code: string;
  category: ErrorCategory;
  message: string;
  details?: Record<string, unknown> | null;
  redirect?: string;
}

/** The one error type services and routes throw; the error handler turns it into the spec §8 envelope. */
export class AppError extends Error {
  readonly status: number;
  readonly code: string;
  readonly category: ErrorCategory;
  readonly details: Record<string, unknown> | null;
  readonly redirect: string | undefined;

  constructor(init: AppErrorInit) {
    super(init.message);
    this.name = 'AppError';
    this.status = init.status;
    this.code = init.code;
    this.category = init.category;
    this.details = init.details ?? null;
    this.redirect = init.redirect;
  }
}

export function isAppError(value: unknown): value is AppError {
  return value instanceof AppError;
}

export function validationError(
  fields: FieldErrors,
  message = 'Please check your input and try again',
): AppError {
  return new AppError({
    status: 400,
    code: 'validation_error',
    category: 'validation',
    message,
    details: { fields },
  });
}
