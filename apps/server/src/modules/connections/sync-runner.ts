import type { ConnectionSync, SyncOutcome } from './connection-sync.ts';

/** Where a "sync now" goes: the job queue in the server, this process in tests. */
export interface SyncRunner {
  /** Asks for a sync of the connection now; `running` when one runs already (nothing more is queued). */
  request(connectionId: string): Promise<'queued' | 'running'>;
}

/** Runs each asked-for sync at once in this process, one at a time per connection. */
export interface InlineSyncRunner extends SyncRunner {
  /** Resolves once no sync started here is still running. */
  idle(): Promise<void>;
}

export function createInlineSyncRunner(
  sync: Pick<ConnectionSync, 'run'>,
  onError: (error: unknown) => void = () => undefined,
): InlineSyncRunner {
  const running = new Map<string, Promise<SyncOutcome | undefined>>();
  return {
    async request(connectionId) {
      if (running.has(connectionId)) return 'running';
      const run = sync
        .run(connectionId)
        .catch((error: unknown) => {
          onError(error);
          return undefined;
        })
        .finally(() => running.delete(connectionId));
      running.set(connectionId, run);
      return 'queued';
    },
    async idle() {
      while (running.size > 0) await Promise.all(running.values());
    },
  };
}
