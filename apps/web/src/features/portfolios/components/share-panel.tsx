import { type PortfolioShare, type ShareRole, shareRoleLabels, shareRoles } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import { useConfirm } from '@/components/ui/confirm-dialog';
import { controlClass, Field } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { TextField } from '@/components/ui/text-field';
import { isApiError } from '@/lib/api/api-error';
import { toast } from '@/lib/toast';
import { sharesQuery, useShareMutations } from '../api/shares-api';

const roleName: Record<ShareRole, string> = { viewer: 'Viewer', editor: 'Editor' };

function RoleSelect({
  value,
  onChange,
  label,
}: {
  value: ShareRole;
  onChange: (role: ShareRole) => void;
  label: string;
}) {
  return (
    <Field label={label} hint={shareRoleLabels[value]}>
      {(control) => (
        <select
          {...control}
          value={value}
          onChange={(e) => onChange(e.target.value === 'editor' ? 'editor' : 'viewer')}
          className={controlClass(control['aria-invalid'])}
        >
          {shareRoles.map((r) => (
            <option key={r} value={r}>
              {roleName[r]}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

/**
 * The owner's sharing of one portfolio with other accounts of this server: who sees it, who may
 * also change its transactions, and the way to stop either at once. Tax settings and lot choices
 * stay the owner's whoever enters a sale.
 */
export function SharePanel({
  portfolioId,
  portfolioName,
  onClose,
}: {
  portfolioId: string;
  portfolioName: string;
  onClose: () => void;
}) {
  const shares = useQuery(sharesQuery(portfolioId));
  const mutations = useShareMutations(portfolioId);
  const confirm = useConfirm();
  const [handle, setHandle] = useState('');
  const [role, setRole] = useState<ShareRole>('viewer');
  const [errors, setErrors] = useState<Record<string, readonly string[]>>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    mutations.add.mutate(
      { user: handle.trim(), role },
      {
        onSuccess: (share) => {
          toast.success(`${portfolioName} shared with ${share.member.username}`);
          setHandle('');
          setErrors({});
        },
        onError: (error) =>
          setErrors(
            isApiError(error) ? { ...error.fieldErrors, form: [error.message] } : { form: [String(error)] },
          ),
      },
    );
  };
  const revoke = (share: PortfolioShare) =>
    confirm.ask({
      title: `Stop sharing with ${share.member.username}?`,
      description: `${share.member.email} loses access to ${portfolioName} at once.`,
      confirmLabel: 'Stop sharing',
      destructive: true,
      onConfirm: () => mutations.remove.mutate(share.id),
    });

  return (
    <section
      aria-label={`Sharing of ${portfolioName}`}
      className="rounded-xl border border-line bg-surface p-4 sm:p-5"
    >
      <div className="mb-3 flex items-center justify-between gap-2">
        <h2 className="text-sm font-semibold uppercase tracking-wide text-muted">Sharing</h2>
        <Button variant="ghost" onClick={onClose}>
          Close
        </Button>
      </div>
      <p className="mb-4 text-sm text-muted">
        Share this portfolio with another account of this server. Your tax settings and lot choices apply to
        it whoever enters a sale.
      </p>
      {shares.isPending ? (
        <Spinner label="Loading shares" />
      ) : shares.isError ? (
        <p className="text-sm text-danger">Shares could not be loaded.</p>
      ) : shares.data.results.length === 0 ? (
        <p className="mb-4 text-sm text-muted">Not shared with anyone.</p>
      ) : (
        <ul className="mb-4 grid gap-3">
          {shares.data.results.map((s) => (
            <li
              key={s.id}
              className="flex flex-wrap items-end justify-between gap-3 border-b border-line pb-3"
            >
              <div className="min-w-0">
                <p className="truncate font-medium">{s.member.username}</p>
                <p className="truncate text-xs text-muted">{s.member.email}</p>
              </div>
              <div className="flex flex-wrap items-end gap-2">
                <RoleSelect
                  label={`Role of ${s.member.username}`}
                  value={s.role}
                  onChange={(next) => mutations.change.mutate({ id: s.id, role: next })}
                />
                <Button variant="ghost" onClick={() => revoke(s)}>
                  Stop sharing <span className="sr-only">with {s.member.username}</span>
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <form
        noValidate
        onSubmit={submit}
        aria-label="Share with an account"
        className="grid gap-3 sm:grid-cols-[1fr_auto_auto] sm:items-start"
      >
        <TextField
          label="Email or username"
          value={handle}
          autoComplete="off"
          errors={errors.user}
          onChange={(e) => {
            setHandle(e.target.value);
            setErrors({});
          }}
        />
        <RoleSelect label="Role" value={role} onChange={setRole} />
        <div className="sm:pt-6">
          <Button type="submit" variant="primary" disabled={mutations.add.isPending}>
            Share
          </Button>
        </div>
      </form>
      {errors.form && !errors.user && <p className="mt-2 text-sm text-danger">{errors.form[0]}</p>}
      {confirm.dialog}
    </section>
  );
}
