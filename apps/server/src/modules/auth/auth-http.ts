import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { zodErrorToAppError } from '../../plugins/errors.ts';

/** The auth forms post urlencoded bodies; the SPA and API clients post JSON to the same paths. */
export function isFormRequest(request: FastifyRequest): boolean {
  const type = request.headers['content-type'];
  return typeof type === 'string' && type.toLowerCase().startsWith('application/x-www-form-urlencoded');
}

export function parseWith<T extends z.ZodType>(schema: T, value: unknown): z.output<T> {
  const result = schema.safeParse(value ?? {});
  if (!result.success) throw zodErrorToAppError(result.error);
  return result.data;
}

export function userAgentOf(request: FastifyRequest): string | null {
  const value = request.headers['user-agent'];
  return typeof value === 'string' ? value : null;
}

/** Reads a string field from an unvalidated body, for re-filling a form after an error. */
export function bodyString(request: FastifyRequest, name: string): string | undefined {
  const body = request.body;
  if (typeof body !== 'object' || body === null) return undefined;
  const value = (body as Record<string, unknown>)[name];
  return typeof value === 'string' ? value.slice(0, 300) : undefined;
}

/** Auth routes take small bodies only (so no field can bloat a log line or the database). */
export const authBodyLimit = 64 * 1024;
