import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  alerts,
  allocationTargets,
  cashMovements,
  connections,
  insightPreferences,
  notificationChannels,
  notificationPreferences,
  notifications,
  portfolios,
  projections,
  projectionTaxLinks,
  projectionTransactions,
  saleLotChoices,
  taxMethodHistory,
  taxSettings,
  taxWalletAllocations,
  transactions,
  transferDecisions,
  userSettings,
  users,
  watchlistItems,
  watchlists,
} from '../../db/schema/index.ts';

/** Every stored row of one account the export carries, as the tables hold them. */
export async function readAccountRows(db: Db, userId: string) {
  // One snapshot for the whole read: a write landing between two of these selects must not leave
  // the file naming a row it does not hold.
  return db.transaction(async (tx) => {
    await tx.execute(sql`set transaction isolation level repeatable read, read only`);
    const [account] = await tx
      .select({
        email: users.email,
        username: users.username,
        picture: users.picture,
        emailVerified: users.emailVerified,
        createdAt: users.createdAt,
      })
      .from(users)
      .where(eq(users.id, userId));
    const portfolioRows = await tx
      .select()
      .from(portfolios)
      .where(eq(portfolios.userId, userId))
      .orderBy(asc(portfolios.createdAt), asc(portfolios.id));
    const portfolioIds = portfolioRows.map((p) => p.id);
    return {
      account,
      portfolios: portfolioRows,
      settings: (await tx.select().from(userSettings).where(eq(userSettings.userId, userId)))[0],
      taxSettings: (await tx.select().from(taxSettings).where(eq(taxSettings.userId, userId)))[0],
      notificationPreferences: (
        await tx.select().from(notificationPreferences).where(eq(notificationPreferences.userId, userId))
      )[0],
      insightPreferences: (
        await tx.select().from(insightPreferences).where(eq(insightPreferences.userId, userId))
      )[0],
      connections: await tx
        .select({
          id: connections.id,
          portfolioId: connections.portfolioId,
          kind: connections.kind,
          label: connections.label,
          masked: connections.masked,
          chains: connections.chains,
          exchange: connections.exchange,
          scriptType: connections.scriptType,
          gapLimit: connections.gapLimit,
          createdAt: connections.createdAt,
        })
        .from(connections)
        .where(eq(connections.userId, userId))
        .orderBy(asc(connections.createdAt), asc(connections.id)),
      transactions: await tx
        .select()
        .from(transactions)
        .where(eq(transactions.userId, userId))
        .orderBy(asc(transactions.executedAt), asc(transactions.createdAt), asc(transactions.id)),
      cashMovements:
        portfolioIds.length === 0
          ? []
          : await tx
              .select()
              .from(cashMovements)
              .where(inArray(cashMovements.portfolioId, portfolioIds))
              .orderBy(asc(cashMovements.executedAt), asc(cashMovements.id)),
      transferDecisions: await tx
        .select()
        .from(transferDecisions)
        .where(eq(transferDecisions.userId, userId))
        .orderBy(asc(transferDecisions.createdAt), asc(transferDecisions.id)),
      saleLotChoices: await tx
        .select()
        .from(saleLotChoices)
        .where(eq(saleLotChoices.userId, userId))
        .orderBy(asc(saleLotChoices.saleId), asc(saleLotChoices.position)),
      taxHistory: await tx
        .select()
        .from(taxMethodHistory)
        .where(eq(taxMethodHistory.userId, userId))
        .orderBy(asc(taxMethodHistory.fromYear)),
      walletAllocations: await tx
        .select()
        .from(taxWalletAllocations)
        .where(eq(taxWalletAllocations.userId, userId))
        .orderBy(
          asc(taxWalletAllocations.coinId),
          asc(taxWalletAllocations.acquisitionId),
          asc(taxWalletAllocations.portfolioId),
        ),
      projections: await tx
        .select()
        .from(projections)
        .where(eq(projections.userId, userId))
        .orderBy(asc(projections.createdAt), asc(projections.id)),
      rungs: await tx
        .select()
        .from(projectionTransactions)
        .where(eq(projectionTransactions.userId, userId))
        .orderBy(asc(projectionTransactions.projectionId), asc(projectionTransactions.transactionOrder)),
      taxLinks: await tx.select().from(projectionTaxLinks).where(eq(projectionTaxLinks.userId, userId)),
      alerts: await tx
        .select()
        .from(alerts)
        .where(eq(alerts.userId, userId))
        .orderBy(asc(alerts.createdAt), asc(alerts.id)),
      notifications: await tx
        .select()
        .from(notifications)
        .where(eq(notifications.userId, userId))
        .orderBy(asc(notifications.createdAt), asc(notifications.id)),
      // The sealed secret is never selected: it cannot reach the file by any mistake below.
      channels: await tx
        .select({
          id: notificationChannels.id,
          kind: notificationChannels.kind,
          preset: notificationChannels.preset,
          name: notificationChannels.name,
          secretHint: notificationChannels.secretHint,
          enabled: notificationChannels.enabled,
          createdAt: notificationChannels.createdAt,
        })
        .from(notificationChannels)
        .where(eq(notificationChannels.userId, userId))
        .orderBy(asc(notificationChannels.createdAt), asc(notificationChannels.id)),
      watchlists: await tx
        .select()
        .from(watchlists)
        .where(eq(watchlists.userId, userId))
        .orderBy(asc(watchlists.createdAt), asc(watchlists.id)),
      watchlistItems: await tx
        .select()
        .from(watchlistItems)
        .where(eq(watchlistItems.userId, userId))
        .orderBy(asc(watchlistItems.createdAt), asc(watchlistItems.id)),
      allocationTargets: await tx
        .select()
        .from(allocationTargets)
        .where(eq(allocationTargets.userId, userId))
        .orderBy(asc(allocationTargets.createdAt), asc(allocationTargets.id)),
    };
  });
}

export type AccountRows = Awaited<ReturnType<typeof readAccountRows>>;
