import { z } from 'zod';
import { storedIdSchema } from './entity-params.ts';
import { portfolioMessages } from './portfolio-api-constants.ts';
import { shareMessages, shareRoles } from './portfolio-share-constants.ts';

const isoDateTime = z.iso.datetime({ offset: true });

export const shareSchema = z.object({
  id: z.uuid(),
  portfolio_id: z.uuid(),
  member: z.object({ username: z.string(), email: z.string() }),
  role: z.enum(shareRoles),
  created_at: isoDateTime,
  updated_at: isoDateTime,
});
export type PortfolioShare = z.infer<typeof shareSchema>;

export const shareListResponseSchema = z.object({ results: z.array(shareSchema), count: z.number() });
export type ShareListResponse = z.infer<typeof shareListResponseSchema>;

export const shareCreateBodySchema = z
  .object({
    user: z.string().trim().min(1, shareMessages.handleRequired).max(320, 'Too long'),
    role: z.enum(shareRoles, { error: 'Choose viewer or editor' }),
  })
  .strict();
export type ShareCreateBody = z.infer<typeof shareCreateBodySchema>;

export const shareUpdateBodySchema = z
  .object({ role: z.enum(shareRoles, { error: 'Choose viewer or editor' }) })
  .strict();
export type ShareUpdateBody = z.infer<typeof shareUpdateBodySchema>;

export const shareParamsSchema = z.object({
  id: storedIdSchema(portfolioMessages.portfolioNotFound),
  shareId: storedIdSchema(shareMessages.shareNotFound),
});
