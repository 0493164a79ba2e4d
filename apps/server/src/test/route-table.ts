import type { FastifyInstance } from 'fastify';
import type { RouteEntry } from '../plugins/api-scope.ts';
import { safeMethods } from '../plugins/csrf.ts';

/** A syntactically valid id that no row has; stands in for every `:param` of a route. */
export const absentId = '00000000-0000-4000-8000-000000000000';

/** The app's `/api` routes, one per method and path (HEAD twins of GET routes left out). */
export function apiRoutes(app: FastifyInstance): RouteEntry[] {
  return app.routeTable.filter((r) => r.inApiScope && r.method !== 'HEAD' && r.method !== 'OPTIONS');
}

export function mutatingRoutes(app: FastifyInstance): RouteEntry[] {
  return apiRoutes(app).filter((r) => !safeMethods.has(r.method));
}

/** A concrete URL for a route pattern: every parameter filled with `values[name]` or an absent id. */
export function concreteUrl(pattern: string, values: Record<string, string> = {}): string {
  return pattern.replace(/:([A-Za-z_]+)/g, (_match, name: string) => values[name] ?? absentId);
}

/**
 * The spellings of a path that must behave like it: an escaped letter of `api`, a
 * doubled slash, a dot segment, upper case.
 */
export function pathVariants(url: string): string[] {
  const rest = url.slice('/api/'.length);
  return [`/%61pi/${rest}`, `/api//${rest}`, `/api/./${rest}`, `/API/${rest.toUpperCase()}`];
}
