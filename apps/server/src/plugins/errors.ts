import {
  accountMessages,
  authMessages,
  categoryMessages,
  type ErrorEnvelope,
  errorCodes,
  isMalformedStoredId,
  requiredIdMessages,
} from '@app/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { ZodError } from 'zod';
import { AppError, isAppError } from '../lib/app-error.ts';

/** Field key for messages that belong to the whole body rather than one field. */
export const formErrorsKey = 'non_field_errors';

export function envelope(error: AppError): ErrorEnvelope {
  return {
    error: { code: error.code, message: error.message, category: error.category, details: error.details },
    ...(error.redirect ? { redirect: error.redirect } : {}),
  };
}

function fieldsFromPaths(issues: { path: string; message: string }[]): Record<string, string[]> {
  const fields: Record<string, string[]> = {};
  for (const issue of issues) {
    const key = issue.path === '' ? formErrorsKey : issue.path;
    const list = fields[key] ?? [];
    if (!list.includes(issue.message)) list.push(issue.message);
    fields[key] = list;
  }
  return fields;
}

export function zodErrorToAppError(error: ZodError): AppError {
  const fields = fieldsFromPaths(error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })));
  return new AppError({
    code: errorCodes.validation,
    message: categoryMessages.validation,
    details: { fields },
  });
}

const statusToError: Record<number, () => AppError> = {
  401: () =>
    new AppError({
      code: errorCodes.authRequired,
      message: authMessages.authenticationFailed,
    }),
  403: () =>
    new AppError({
      code: errorCodes.forbidden,
      message: authMessages.forbidden,
    }),
  404: () =>
    new AppError({
      code: errorCodes.notFound,
      message: accountMessages.notFound,
    }),
  409: () => new AppError({ code: errorCodes.conflict, message: 'Conflict.' }),
  429: () =>
    new AppError({
      code: errorCodes.rateLimited,
      message: accountMessages.rateLimited,
    }),
};

/** Turns anything thrown into a client-safe AppError; everything unexpected becomes a bare 500. */
export function toAppError(error: unknown): AppError {
  if (isAppError(error)) return error;
  if (error instanceof ZodError) return zodErrorToAppError(error);
  if (hasZodFastifySchemaValidationErrors(error)) {
    const malformedId = error.validationContext === 'params' ? storedIdNotFound(error.validation) : null;
    if (malformedId) return malformedId;
    const prefix =
      error.validationContext && error.validationContext !== 'body' ? `${error.validationContext}.` : '';
    // Required ids (a path or query id) answer with their own message, not the category's.
    const idContext = error.validationContext === 'params' || error.validationContext === 'querystring';
    const requiredId = idContext
      ? error.validation.find((v) => v.message && requiredIdMessages.has(v.message))
      : undefined;
    return new AppError({
      code: errorCodes.validation,
      message: requiredId?.message ?? categoryMessages.validation,
      details: {
        fields: fieldsFromPaths(
          error.validation.map((v) => {
            const path = v.instancePath.replace(/^\//, '').replace(/\//g, '.');
            return { path: path === '' ? '' : `${prefix}${path}`, message: v.message ?? 'Invalid value.' };
          }),
        ),
      },
    });
  }
  const fastifyError = error as Partial<FastifyError> | undefined;
  const status = typeof fastifyError?.statusCode === 'number' ? fastifyError.statusCode : 500;
  if (isResponseSerializationError(error as object) || status >= 500) return internalError();
  switch (fastifyError?.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new AppError({
        code: errorCodes.malformedJson,
        message: accountMessages.malformedJson,
      });
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new AppError({
        code: errorCodes.payloadTooLarge,
        message: accountMessages.payloadTooLarge,
      });
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new AppError({
        code: errorCodes.unsupportedMediaType,
        message: accountMessages.unsupportedMediaType,
      });
    default:
      break;
  }
  if (error instanceof SyntaxError && status === 400) {
    return new AppError({
      code: errorCodes.malformedJson,
      message: accountMessages.malformedJson,
    });
  }
  const mapped = statusToError[status];
  if (mapped) return mapped();
  if (status === 422) {
    return new AppError({
      status: 422,
      code: errorCodes.conflict,
      message: categoryMessages.validation,
    });
  }
  return new AppError({
    status,
    code: errorCodes.validation,
    message: categoryMessages.validation,
  });
}

/**
 * A path id of a stored row that is not a UUID names no row: the 404 its schema carries
 * (contract `storedIdSchema`), only when that is the params' sole kind of failure.
 */
function storedIdNotFound(issues: { keyword: string; message?: string; params: Record<string, unknown> }[]) {
  const first = issues[0];
  if (!first || !issues.every((i) => isMalformedStoredId({ keyword: i.keyword, format: i.params.format }))) {
    return null;
  }
  return new AppError({ code: errorCodes.notFound, message: first.message ?? accountMessages.notFound });
}

function internalError(): AppError {
  return new AppError({
    code: errorCodes.internal,
    message: categoryMessages.unexpected,
  });
}

export function sendError(reply: FastifyReply, error: AppError): FastifyReply {
  return reply.code(error.status).type('application/json; charset=utf-8').send(envelope(error));
}

export function handleError(error: unknown, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const appError = toAppError(error);
  if (appError.status >= 500) {
    // The real cause goes to the log only; the client gets the generic envelope.
    request.log.error({ err: error }, 'request failed');
  } else if (!isAppError(error)) {
    request.log.info({ code: appError.code, status: appError.status }, 'request rejected');
  }
  return sendError(reply, appError);
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error, request, reply) => handleError(error, request, reply));
}

/** The guard's answer on a signed-in route without a session (the client signs out and follows). */
export function authRequired(): AppError {
  return new AppError({
    code: errorCodes.authRequired,
    message: authMessages.authenticationFailed,
    redirect: '/login',
  });
}

const routeMethods = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

/**
 * An `/api` path no route answers: 405 with `Allow` when the path exists under another method,
 * else 404. Both in the envelope.
 */
export function sendApiRouteMissing(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  path: string,
) {
  const allowed = routeMethods.filter((method) => app.findRoute({ method, url: path }) !== null);
  if (allowed.length === 0 || allowed.includes(request.method as (typeof routeMethods)[number])) {
    return sendError(reply, routeNotFound());
  }
  const allow: string[] = allowed.includes('GET') ? [...allowed, 'HEAD'] : [...allowed];
  reply.header('allow', allow.join(', '));
  return sendError(
    reply,
    new AppError({
      code: errorCodes.methodNotAllowed,
      message: accountMessages.methodNotAllowed,
    }),
  );
}

/**
 * Errors the router raises before any route runs (FST_ERR_BAD_URL for an undecodable path,
 * FST_ERR_MAX_PARAM_LENGTH for an over-long id) answer in the envelope like everything else.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    void sendError(
      reply,
      new AppError({
        code: errorCodes.uriTooLong,
        message: accountMessages.uriTooLong,
      }),
    );
    return;
  }
  if (error.code === 'FST_ERR_BAD_URL') {
    void sendError(
      reply,
      new AppError({
        code: errorCodes.badUrl,
        message: accountMessages.badUrl,
      }),
    );
    return;
  }
  void handleError(error, request, reply);
}

export function routeNotFound(): AppError {
  return new AppError({
    code: errorCodes.routeNotFound,
    message: accountMessages.routeNotFound,
  });
}
