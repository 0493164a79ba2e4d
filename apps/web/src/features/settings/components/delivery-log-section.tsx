import type { Delivery } from '@app/contracts';
import { relativeTime } from '@app/core';
import { useQuery } from '@tanstack/react-query';
import { Button } from '@/components/ui/button';
import { deliveryLogQuery, useRetryDelivery } from '@/lib/delivery/delivery-api';
import { SettingsSection } from './settings-section';

const statusText: Record<Delivery['status'], string> = {
  pending: 'Waiting',
  delivered: 'Delivered',
  dead: 'Failed',
  digest: 'Held for digest',
  digested: 'In a digest',
};

/** The last deliveries, failed ones (dead letters) with their last error and a retry. */
export function DeliveryLogSection() {
  const { data } = useQuery(deliveryLogQuery());
  const retry = useRetryDelivery();
  const rows = data?.results ?? [];
  return (
    <SettingsSection
      title="Recent deliveries"
      description={
        data && data.dead_count > 0
          ? `${data.dead_count} ${data.dead_count === 1 ? 'delivery' : 'deliveries'} failed for good; each shows its last error.`
          : 'What was sent where, and what is still waiting.'
      }
    >
      {rows.length === 0 ? (
        <p className="text-sm text-muted">Nothing delivered yet.</p>
      ) : (
        <ul className="divide-y divide-line" aria-label="Recent deliveries">
          {rows.map((d) => (
            <li
              key={d.id}
              className="flex flex-col gap-1 py-2 text-sm sm:flex-row sm:items-start sm:justify-between"
            >
              <div className="min-w-0">
                <p className="truncate">
                  <span className="font-medium">{d.channel_name}</span> ·{' '}
                  <span data-private="">{d.body}</span>
                </p>
                <p className="text-xs text-muted">
                  <span className={d.status === 'dead' ? 'font-semibold text-danger' : ''}>
                    {statusText[d.status]}
                  </span>
                  {' · '}
                  {relativeTime(d.fired_at)}
                  {d.attempts > 1 ? ` · ${d.attempts} attempts` : ''}
                </p>
                {d.last_error && <p className="break-words text-xs text-danger">{d.last_error}</p>}
              </div>
              {d.status === 'dead' && (
                <Button variant="secondary" disabled={retry.isPending} onClick={() => retry.mutate(d.id)}>
                  Retry
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
    </SettingsSection>
  );
}
