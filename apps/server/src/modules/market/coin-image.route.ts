import { apiBase, coinImageQuerySchema, marketRoutes } from '@app/contracts';
import { safeImageUrl } from '@app/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { validationError } from '../../lib/app-error.ts';
import type { CoinImageCache } from './coin-image-cache.ts';
import { lettersAvatarSvg } from './letters-avatar.ts';

/**
 * Coin logos come from this server. The route takes the market's own image URL (only
 * from the allowed market image hosts) and answers its bytes, or, when the image host cannot be
 * reached, the coin's letters as a small SVG: the page shows the same avatar either way and the
 * browser records no failed load. The letters answer is cached briefly, so the logo comes once
 * the host is back. Each client may cause only so many fetches a minute; past that it gets letters.
 */
export function registerCoinImageRoute(
  app: FastifyInstance,
  deps: { images: CoinImageCache; config: { auth: 'public'; publicData: true } },
): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    `${apiBase}${marketRoutes.coinImage}`,
    {
      config: { ...deps.config, produces: { type: 'image/*' } },
      schema: { querystring: coinImageQuerySchema },
    },
    async (request, reply) => {
      const { src, letters } = request.query;
      const checked = safeImageUrl(src);
      if (checked.url === '' || !/^https?:\/\//i.test(checked.url)) {
        throw validationError({ src: ['Must be an image URL from an allowed market-data host'] });
      }
      // One logo is one path on its host's default port: a query string (a cache buster) or another
      // port would let a client make this server fetch the same image again and again.
      const parsed = new URL(checked.url);
      if (parsed.port !== '') {
        throw validationError({ src: ['Must be an image URL from an allowed market-data host'] });
      }
      const image = await deps.images.get(
        `${parsed.protocol}//${parsed.hostname}${parsed.pathname}`,
        request.ip,
      );
      if (image) {
        return reply
          .header('cache-control', 'public, max-age=86400')
          .header('last-modified', image.fetchedAt.toUTCString())
          .type(image.contentType)
          .send(image.body);
      }
      return reply
        .header('cache-control', 'public, max-age=600')
        .type('image/svg+xml')
        .send(lettersAvatarSvg(letters));
    },
  );
}
