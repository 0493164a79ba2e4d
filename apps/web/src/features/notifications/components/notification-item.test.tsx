import type { Notification } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { notificationSummary } from './notification-item';

const nothing = { type: 'value', metric: null, params: { period: null }, value: 0 } as const;

function notice(payload: Partial<Notification['event_payload']>): Notification {
  return {
    id: 'n1',
    is_read: false,
    created_at: '2026-12-02T03:00:00Z',
    coin_coingecko_id: 'bitcoin',
    event_payload: { left: nothing, op: '>=', right: nothing, ...payload },
  };
}

describe('notificationSummary', () => {
  it('says which wallet connection is failing and why, not the zero operands it carries', () => {
    const n = notice({
      connection_failure: {
        connection_id: '5d1f5a52-4a0e-4b8e-9d6c-1f2e3a4b5c6d',
        connection_label: 'Cold storage',
        error: 'the explorer at mempool.space answered 503',
      },
    });
    expect(notificationSummary(n)).toBe(
      'Syncing “Cold storage” is failing: the explorer at mempool.space answered 503',
    );
  });

  it('says which delivery channel is failing', () => {
    const n = notice({ channel_failure: { channel_id: 'c1', channel_name: 'Phone', error: 'timed out' } });
    expect(notificationSummary(n)).toBe('Delivery to “Phone” is failing: timed out');
  });
});
