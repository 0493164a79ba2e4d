interface QueuedJob {
  run: () => Promise<void>;
}

/**
 * Spec §4: requests that fail while offline are queued and replayed, once, when the
 * browser reports connectivity again. The caller's promise settles with that replay.
 */
export function createOfflineQueue(target: Pick<Window, 'addEventListener'> = window) {
  const jobs: QueuedJob[] = [];

  const flush = async (): Promise<void> => {
    const pending = jobs.splice(0);
    for (const job of pending) await job.run();
  };

  target.addEventListener('online', () => {
    void flush();
  });

  return {
    enqueue<T>(replay: () => Promise<T>): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        jobs.push({
          run: () => replay().then(resolve, reject),
        });
      });
    },
    size: (): number => jobs.length,
    flush,
  };
}

export type OfflineQueue = ReturnType<typeof createOfflineQueue>;
