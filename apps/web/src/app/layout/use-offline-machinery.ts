import type { QueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { browserLocation } from '@/lib/browser-location';
import { claimBrowserFor } from '@/lib/offline/forget-person';
import type { QueuedWrite } from '@/lib/offline/offline-db';
import { onOfflineChange } from '@/lib/offline/offline-events';
import { persistQueries, restoreQuerySnapshot, savedAt } from '@/lib/offline/query-snapshot';
import { registerServiceWorker } from '@/lib/offline/register-service-worker';
import { replayNow } from '@/lib/offline/replay-now';
import { keepSeenCoins } from '@/lib/offline/seen-coins';
import { listWrites } from '@/lib/offline/write-queue';

/**
 * What keeps the app working offline: the service worker, the saved copy of the queries, the
 * browser claimed for the person signed in, and the kept writes sent once the network and a
 * confirmed session are back. Returns the kept writes and when the saved copy was made.
 */
export function useOfflineMachinery({
  client,
  owner,
  unconfirmed,
  online,
}: {
  client: QueryClient;
  owner: string | null;
  unconfirmed: boolean;
  online: boolean;
}) {
  const [writes, setWrites] = useState<QueuedWrite[]>([]);
  const [saved, setSaved] = useState<number | null>(null);

  useEffect(() => registerServiceWorker(), []);

  // Someone else was signed in here last: what was kept of them goes, and the page loads again.
  // Only a user the server confirmed claims the browser.
  useEffect(() => {
    if (owner === null || unconfirmed) return;
    claimBrowserFor(owner).then(
      (switched) => {
        if (switched) browserLocation.reload();
      },
      () => {},
    );
  }, [owner, unconfirmed]);

  useEffect(() => {
    if (owner === null) return;
    const stop = persistQueries(client, owner);
    // The coins each market answer shows are kept apart from the snapshot: the coin field finds
    // them offline for as long as this person stays signed in here, not only for 24 hours.
    const stopCoins = keepSeenCoins(client);
    // Started without a network: the saved copy fills the (paused) queries.
    if (!navigator.onLine) restoreQuerySnapshot(client, owner).catch(() => null);
    return () => {
      stop();
      stopCoins();
    };
  }, [client, owner]);

  useEffect(() => {
    if (owner === null) return;
    let live = true;
    const load = () => {
      listWrites(owner)
        .then((list) => live && setWrites(list))
        .catch(() => {});
      savedAt(owner)
        .then((at) => live && setSaved(at))
        .catch(() => {});
    };
    load();
    const stop = onOfflineChange(load);
    return () => {
      live = false;
      stop();
    };
  }, [owner]);

  // The network is back and the server confirmed who is signed in: send what was kept, in order.
  useEffect(() => {
    if (owner === null || !online || unconfirmed === true) return;
    replayNow(owner, client).catch(() => {});
  }, [owner, online, unconfirmed, client]);
  return { writes, saved };
}
