import type { SessionService } from '../modules/auth/index.ts';
import type { Job } from './scheduler.ts';

export function purgeExpiredAuthJob(sessions: SessionService): Job {
  return {
    name: 'purge-expired-auth',
    intervalMs: 60 * 60 * 1000,
    runAtStart: true,
    run: () => sessions.purgeExpired(),
  };
}
