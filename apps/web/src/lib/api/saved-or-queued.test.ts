import { describe, expect, it } from 'vitest';
import { queuedOfflineError } from './api-error';
import { queuedOr, saveOrQueue } from './saved-or-queued';

describe('saved or queued (offline forms)', () => {
  it('tells a queued write from a saved one and rethrows any other error', async () => {
    expect(await saveOrQueue(async () => 7)).toEqual({ queued: false, value: 7 });
    expect(
      await saveOrQueue(async () => {
        throw queuedOfflineError();
      }),
    ).toEqual({ queued: true });
    const refused = new Error('refused');
    await expect(
      saveOrQueue(async () => {
        throw refused;
      }),
    ).rejects.toBe(refused);
  });

  it('routes a mutation error: queued to onQueued, the rest to onError', () => {
    const seen: string[] = [];
    const handle = queuedOr(
      () => seen.push('queued'),
      (error) => seen.push(error instanceof Error ? error.message : 'other'),
    );
    handle(queuedOfflineError());
    handle(new Error('refused'));
    expect(seen).toEqual(['queued', 'refused']);
  });
});
