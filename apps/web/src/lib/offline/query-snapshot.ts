import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { offlineDb, type SavedQuery } from './offline-db';
import { emitOfflineChange } from './offline-events';

const snapshotKey = 'queries';
/**
 * The snapshot's owner and time without its queries, written with it: the offline marker asks
 * when data was saved after every save and queued write, and reading the snapshot itself
 * deserialised every saved answer (the market list's 250 rows and sparklines) on the main thread.
 */
const headerKey = 'queries-saved';
/** Stale local entries are purged after 24 hours. */
const keepMs = 24 * 60 * 60_000;

/** The running build: its entry script's hashed name. Data cached by another build is not read. */
export function currentBuild(): string {
  const entry = document.querySelector<HTMLScriptElement>('script[type="module"][src]');
  return entry?.getAttribute('src') ?? 'dev';
}

/** Every query that holds data, as its key, data and time. */
function collect(client: QueryClient): SavedQuery[] {
  return client
    .getQueryCache()
    .getAll()
    .filter((query) => query.state.status === 'success' && query.state.data !== undefined)
    .map((query) => ({
      key: query.queryKey,
      data: query.state.data,
      updatedAt: query.state.dataUpdatedAt,
    }));
}

/**
 * Set at sign-out for the rest of this page: a save already scheduled then (a settled answer, the
 * page hidden as the sign-out reloads it) must not write the signed-out person's answers back
 * after they were cleared. The next page starts with it unset.
 */
let closedBySignOut = false;

/** Saves the cached queries for this user, so a reload without a network can show them. */
export async function saveQuerySnapshot(client: QueryClient, owner: string, now: number = Date.now()) {
  if (closedBySignOut) return;
  const queries = collect(client);
  const header = { owner, savedAt: now, build: currentBuild() };
  const db = await offlineDb();
  const tx = db.transaction('snapshots', 'readwrite');
  await Promise.all([
    tx.store.put({ ...header, queries }, snapshotKey),
    tx.store.put({ ...header, queries: [] }, headerKey),
    tx.done,
  ]);
  emitOfflineChange();
}

/**
 * Puts the saved queries back into the cache, never over newer data, and returns when they were
 * saved; null when there is nothing for this user and build, or it is older than 24 hours.
 */
export async function restoreQuerySnapshot(
  client: QueryClient,
  owner: string,
  now: number = Date.now(),
): Promise<number | null> {
  const db = await offlineDb();
  const snapshot = await db.get('snapshots', snapshotKey);
  if (snapshot === undefined) return null;
  if (snapshot.owner !== owner || snapshot.build !== currentBuild() || now - snapshot.savedAt > keepMs) {
    await clearQuerySnapshot();
    return null;
  }
  for (const saved of snapshot.queries) {
    const key = saved.key as QueryKey;
    if ((client.getQueryState(key)?.dataUpdatedAt ?? 0) >= saved.updatedAt) continue;
    client.setQueryData(key, saved.data, { updatedAt: saved.updatedAt });
  }
  emitOfflineChange();
  return snapshot.savedAt;
}

/** When this user's snapshot was saved (its header only); null when there is none of theirs. */
export async function savedAt(owner: string): Promise<number | null> {
  const db = await offlineDb();
  const header = await db.get('snapshots', headerKey);
  return header?.owner === owner ? header.savedAt : null;
}

/** Sign-out: the saved copy goes, and this page saves none again (see closedBySignOut). */
export async function forgetQuerySnapshotAtSignOut(): Promise<void> {
  closedBySignOut = true;
  await clearQuerySnapshot();
}

/** Test seam: a new page, where saving is open again. */
export function reopenQuerySnapshots(): void {
  closedBySignOut = false;
}

/** Another person at this browser must not see this user's figures offline. */
export async function clearQuerySnapshot(): Promise<void> {
  const db = await offlineDb();
  const tx = db.transaction('snapshots', 'readwrite');
  await Promise.all([tx.store.delete(snapshotKey), tx.store.delete(headerKey), tx.done]);
}

/**
 * Saves after the cache settles (a burst of answers makes one write) and when the page is hidden.
 * Returns the function that stops it.
 */
export function persistQueries(client: QueryClient, owner: string, delayMs = 1_000): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const save = () => {
    clearTimeout(timer);
    timer = undefined;
    saveQuerySnapshot(client, owner).catch(() => {
      // Quota or a private window: offline reading is a convenience, never a failure.
    });
  };
  const unsubscribe = client.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'success') return;
    if (timer === undefined) timer = setTimeout(save, delayMs);
  });
  const onHide = () => {
    if (document.visibilityState === 'hidden' && timer !== undefined) save();
  };
  document.addEventListener('visibilitychange', onHide);
  return () => {
    unsubscribe();
    clearTimeout(timer);
    document.removeEventListener('visibilitychange', onHide);
  };
}
