import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import type { FastifyInstance } from 'fastify';

/** Cookies carry the session and CSRF token; urlencoded bodies come from the server-rendered auth forms. */
export async function registerCookiesAndForms(app: FastifyInstance): Promise<void> {
  await app.register(cookie);
  await app.register(formbody, { bodyLimit: 64 * 1024 });
}
