import type { Alert } from '@app/contracts';
import { relativeTime } from '@app/core';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { buttonStyles } from '@/components/ui/button-styles';
import { useConfirm } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { PageFrame } from '@/components/ui/page-frame';
import { Spinner } from '@/components/ui/spinner';
import { describeAlertCondition } from '@/lib/alert-text';
import { cn } from '@/lib/cn';
import { useCoinName } from '@/lib/coin-names';
import { asOfText } from '@/lib/market';
import { usePrivacyMode } from '@/lib/privacy';
import { useBaseCurrency } from '@/lib/settings';
import { useAlerts, useDeleteAlert, useToggleAlert } from './api/use-alerts';

// The edit dialog brings the alert schemas and the condition editor: it loads when Edit is first
// pressed, so listing alerts does not carry zod in its first load.
const AlertDialog = lazy(() => import('./components/alert-dialog').then((m) => ({ default: m.AlertDialog })));

function AlertRow({ alert, onEdit }: { alert: Alert; onEdit: (a: Alert) => void }) {
  const toggle = useToggleAlert();
  const remove = useDeleteAlert();
  const confirm = useConfirm();
  usePrivacyMode();
  const condition = describeAlertCondition(alert);
  const coinName = useCoinName();
  const base = useBaseCurrency();
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-2 text-sm">
          <Link
            to={`/cryptocurrencies/${encodeURIComponent(alert.coin_id)}`}
            className="font-semibold hover:underline"
          >
            {coinName(alert.coin_id)}
          </Link>
          <span className="font-mono">{condition}</span>
          <span
            className={cn(
              'rounded-full px-2 py-0.5 text-[11px] font-semibold',
              alert.active ? 'bg-accent/15 text-accent' : 'bg-surface-2 text-muted',
            )}
          >
            {alert.active ? 'Active' : 'Paused'}
          </span>
          {alert.waiting_for_data && (
            <span className="rounded-full bg-surface-2 px-2 py-0.5 text-[11px] text-muted">
              Waiting for data
            </span>
          )}
        </p>
        <p className="mt-0.5 text-xs text-muted">
          {alert.last_triggered_at ? `Last fired ${relativeTime(alert.last_triggered_at)}` : 'Not fired yet'}
          {alert.waiting_for_data && ' · Not enough price history yet to compute this indicator.'}
          {alert.currency !== null &&
            alert.currency !== base &&
            ` · Threshold in ${alert.currency.toUpperCase()}, this alert's own currency (yours is ${base.toUpperCase()}).`}
          {alert.evaluation?.status === 'skipped_stale' &&
            ` · Not checked: prices are stale (${asOfText(alert.evaluation.data_as_of)}); checks resume with fresh data.`}
          {alert.evaluation?.status === 'evaluated' &&
            alert.evaluation.mode === 'demo' &&
            ' · Checked against demo data (simulated prices).'}
        </p>
      </div>
      <div className="flex items-center gap-1">
        <Button
          variant="ghost"
          aria-label={`${alert.active ? 'Pause' : 'Resume'} alert ${alert.coin_id} ${condition}`}
          disabled={toggle.isPending}
          onClick={() => toggle.mutate({ id: alert.id, active: !alert.active })}
        >
          {alert.active ? 'Pause' : 'Resume'}
        </Button>
        <Button
          variant="ghost"
          aria-label={`Edit alert ${alert.coin_id} ${condition}`}
          onClick={() => onEdit(alert)}
        >
          Edit
        </Button>
        <Button
          variant="ghost"
          className="hover:text-danger"
          aria-label={`Delete alert ${alert.coin_id} ${condition}`}
          disabled={remove.isPending}
          onClick={() => {
            confirm.ask({
              title: 'Delete this alert?',
              description: `${alert.coin_id}: ${condition}. Its past notifications stay.`,
              confirmLabel: 'Delete alert',
              destructive: true,
              onConfirm: () => remove.mutate(alert.id),
            });
          }}
        >
          Delete
        </Button>
      </div>
      {confirm.dialog}
    </li>
  );
}

/** /alerts: every alert of the user, with pause/resume, edit and delete. */
export function AlertsPage() {
  const { data, isLoading, isError } = useAlerts();
  const [editing, setEditing] = useState<Alert | null>(null);

  return (
    <PageFrame
      title="Alerts"
      description="Price and indicator alerts. Create new ones from a coin's page or the terminal."
      actions={
        <Link to="/notifications" className={buttonStyles.secondary}>
          Notifications
        </Link>
      }
    >
      {isLoading ? (
        <Spinner label="Loading alerts…" />
      ) : isError || !data ? (
        <EmptyState title="Alerts could not be loaded">Please try again in a moment.</EmptyState>
      ) : data.results.length === 0 ? (
        <EmptyState title="No alerts yet">
          Open a coin from the{' '}
          <Link to="/terminal" className="text-accent underline">
            terminal
          </Link>{' '}
          and choose “Create alert”, for example Price ≥ 100,000 or RSI(14) ≤ 30.
        </EmptyState>
      ) : (
        <section aria-label="Your alerts" className="rounded-xl border border-line bg-surface">
          <ul className="divide-y divide-line">
            {data.results.map((a) => (
              <AlertRow key={a.id} alert={a} onEdit={setEditing} />
            ))}
          </ul>
        </section>
      )}
      {editing && (
        <Suspense fallback={null}>
          <AlertDialog coinId={editing.coin_id} alert={editing} onClose={() => setEditing(null)} />
        </Suspense>
      )}
    </PageFrame>
  );
}
