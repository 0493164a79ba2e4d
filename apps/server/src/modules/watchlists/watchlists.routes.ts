import {
  apiBase,
  createWatchlistItemSchema,
  createWatchlistSchema,
  marketRoutes,
  updateWatchlistSchema,
  watchlistIdParamsSchema,
  watchlistItemIdParamsSchema,
  watchlistItemListSchema,
  watchlistItemSchema,
  watchlistItemsQuerySchema,
  watchlistListSchema,
  watchlistSchema,
} from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireUser } from '../../plugins/sessions.ts';
import type { WatchlistsService } from './watchlists.service.ts';

export async function registerWatchlistRoutes(
  app: FastifyInstance,
  deps: { watchlists: WatchlistsService },
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { watchlists } = deps;
  const lists = `${apiBase}${marketRoutes.watchlists}`;
  const one = `${lists}:id/`;
  const items = `${apiBase}${marketRoutes.watchlistItems}`;
  const item = `${items}:id/`;

  r.get(
    lists,
    { config: { auth: 'user' }, schema: { response: { 200: watchlistListSchema } } },
    async (request) => {
      const { user } = requireUser(request);
      return { results: await watchlists.list(user.id) };
    },
  );
  r.post(
    lists,
    { config: { auth: 'user' }, schema: { body: createWatchlistSchema, response: { 201: watchlistSchema } } },
    async (request, reply) => {
      const { user } = requireUser(request);
      reply.code(201);
      return watchlists.create(user.id, request.body);
    },
  );
  r.get(
    one,
    {
      config: { auth: 'user' },
      schema: { params: watchlistIdParamsSchema, response: { 200: watchlistSchema } },
    },
    async (request) => {
      const { user } = requireUser(request);
      return watchlists.get(user.id, request.params.id);
    },
  );
  for (const method of ['PUT', 'PATCH'] as const) {
    r.route({
      method,
      url: one,
      config: { auth: 'user' },
      schema: {
        params: watchlistIdParamsSchema,
        body: updateWatchlistSchema,
        response: { 200: watchlistSchema },
      },
      handler: async (request) => {
        const { user } = requireUser(request);
        return watchlists.rename(user.id, request.params.id, request.body.name);
      },
    });
  }
  r.delete(
    one,
    { config: { auth: 'user' }, schema: { params: watchlistIdParamsSchema } },
    async (request, reply) => {
      const { user } = requireUser(request);
      await watchlists.remove(user.id, request.params.id);
      return reply.code(204).send();
    },
  );

  r.get(
    items,
    {
      config: { auth: 'user' },
      schema: { querystring: watchlistItemsQuerySchema, response: { 200: watchlistItemListSchema } },
    },
    async (request) => {
      const { user } = requireUser(request);
      return { results: await watchlists.listItems(user.id, request.query.watchlist_id) };
    },
  );
  r.post(
    items,
    {
      config: { auth: 'user' },
      schema: { body: createWatchlistItemSchema, response: { 201: watchlistItemSchema } },
    },
    async (request, reply) => {
      const { user } = requireUser(request);
      reply.code(201);
      return watchlists.addItem(user.id, request.body);
    },
  );
  r.get(
    item,
    {
      config: { auth: 'user' },
      schema: { params: watchlistItemIdParamsSchema, response: { 200: watchlistItemSchema } },
    },
    async (request) => {
      const { user } = requireUser(request);
      return watchlists.getItem(user.id, request.params.id);
    },
  );
  r.delete(
    item,
    { config: { auth: 'user' }, schema: { params: watchlistItemIdParamsSchema } },
    async (request, reply) => {
      const { user } = requireUser(request);
      await watchlists.removeItem(user.id, request.params.id);
      return reply.code(204).send();
    },
  );
}
