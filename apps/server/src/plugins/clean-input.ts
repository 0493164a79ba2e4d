import { cleanTextMessage, uncleanTextPaths } from '@app/contracts';
import type { FastifyRequest } from 'fastify';
import { validationError } from '../lib/app-error.ts';
import { formErrorsKey } from './errors.ts';

/**
 * The contract's clean-text rule over every part of a request (body, query, params), before the
 * route's own schema: one rule for every text field of every route, including routes added
 * later and the form routes that parse their bodies by hand. Field paths follow the schema
 * errors' (`name`, `querystring.coin_id`, `params.id`).
 */
export function assertCleanInput(request: FastifyRequest): void {
  const fields: Record<string, string[]> = {};
  const parts: [string, unknown][] = [
    ['', request.body],
    ['querystring.', request.query],
    ['params.', request.params],
  ];
  for (const [prefix, value] of parts) {
    for (const path of uncleanTextPaths(value)) {
      const key = path === '' ? (prefix === '' ? formErrorsKey : prefix.slice(0, -1)) : `${prefix}${path}`;
      fields[key] = [cleanTextMessage];
    }
  }
  if (Object.keys(fields).length > 0) throw validationError(fields);
}
