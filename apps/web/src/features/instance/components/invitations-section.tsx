import {
  type Invitation,
  type InvitationCreated,
  instanceMessages,
  invitationLifetimes,
  invitationMaxUses,
} from '@app/contracts';
import { formatDate } from '@app/core';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { useConfirm } from '@/components/ui/confirm-dialog';
import { controlClass, Field } from '@/components/ui/field';
import { TextField } from '@/components/ui/text-field';
import { notifyError } from '@/lib/notify';
import { invitationsQuery, useCreateInvitation, useRevokeInvitation } from '../api/instance-api';
import { InstanceSection } from './instance-section';

function invitationState(invitation: Invitation): string {
  if (invitation.revoked) return 'Withdrawn';
  if (invitation.uses >= invitation.max_uses) return 'Used up';
  if (!invitation.usable) return 'Expired';
  return 'In force';
}

/** The new link, whole, once: it is never shown again after the page forgets it. */
function CreatedLink({ created, onDismiss }: { created: InvitationCreated; onDismiss: () => void }) {
  const field = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState(false);
  return (
    <div role="status" className="grid gap-3 rounded-lg border border-accent/50 bg-accent/5 p-4">
      <p className="text-sm font-medium">{instanceMessages.invitationCreated}</p>
      <Field label="Invitation link">
        {(control) => (
          <input
            {...control}
            ref={field}
            readOnly
            value={created.url}
            className={`${controlClass(undefined)} font-mono text-xs`}
            onFocus={(e) => e.currentTarget.select()}
          />
        )}
      </Field>
      <div className="flex flex-wrap gap-2">
        <Button
          variant="primary"
          onClick={async () => {
            try {
              await navigator.clipboard.writeText(created.url);
              setCopied(true);
            } catch {
              field.current?.select();
            }
          }}
        >
          {copied ? 'Copied' : 'Copy link'}
        </Button>
        <Button variant="secondary" onClick={onDismiss}>
          Done
        </Button>
      </div>
    </div>
  );
}

function CreateInvitationForm({ onCreated }: { onCreated: (created: InvitationCreated) => void }) {
  const [note, setNote] = useState('');
  const [uses, setUses] = useState('1');
  const [days, setDays] = useState<(typeof invitationLifetimes)[number]>(7);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const create = useCreateInvitation();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const maxUses = Number(uses);
    if (!Number.isInteger(maxUses) || maxUses < 1 || maxUses > invitationMaxUses) {
      setErrors({ max_uses: [`Enter a whole number from 1 to ${invitationMaxUses}`] });
      return;
    }
    setErrors({});
    create.mutate(
      { note: note.trim(), max_uses: maxUses, expires_in_days: days },
      {
        onSuccess: (created) => {
          setNote('');
          setUses('1');
          onCreated(created);
          create.reset();
        },
        onError: (error) => notifyError(error),
      },
    );
  };
  return (
    <form
      noValidate
      aria-label="Make an invitation link"
      className="grid gap-4 sm:grid-cols-3"
      onSubmit={submit}
    >
      <TextField
        label="Who it is for"
        value={note}
        maxLength={200}
        autoComplete="off"
        hint="A name, so you know the link again in the list."
        onChange={(e) => setNote(e.target.value)}
      />
      <TextField
        label="Accounts it can create"
        inputMode="numeric"
        value={uses}
        errors={errors.max_uses}
        onChange={(e) => setUses(e.target.value)}
      />
      <Field label="Valid for">
        {(control) => (
          <select
            {...control}
            className={controlClass(control['aria-invalid'])}
            value={days}
            onChange={(e) => setDays(Number(e.target.value) as (typeof invitationLifetimes)[number])}
          >
            {invitationLifetimes.map((d) => (
              <option key={d} value={d}>
                {d === 1 ? '1 day' : `${d} days`}
              </option>
            ))}
          </select>
        )}
      </Field>
      <div className="sm:col-span-3">
        <Button type="submit" variant="primary" disabled={create.isPending}>
          {create.isPending ? 'Making…' : 'Make a link'}
        </Button>
      </div>
    </form>
  );
}

/** Links that let someone sign up while sign-ups are by invitation. */
export function InvitationsSection() {
  const [created, setCreated] = useState<InvitationCreated | null>(null);
  const list = useQuery(invitationsQuery());
  const revoke = useRevokeInvitation();
  const confirm = useConfirm();
  return (
    <InstanceSection
      title="Invitations"
      description="While sign-ups are by invitation, only someone with a link in force can create an account."
    >
      <div className="grid gap-5">
        {created && <CreatedLink key={created.id} created={created} onDismiss={() => setCreated(null)} />}
        <CreateInvitationForm onCreated={setCreated} />
        {list.isError && <p className="text-sm text-danger">The invitations could not be loaded.</p>}
        {list.data && list.data.length === 0 && (
          <p className="text-sm text-muted">No invitation links yet.</p>
        )}
        {list.data && list.data.length > 0 && (
          <ul className="grid gap-2" aria-label="Invitation links">
            {list.data.map((invitation) => (
              <li
                key={invitation.id}
                className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-line p-3 text-sm"
              >
                <span className="min-w-0">
                  <span className="font-medium">{invitation.note || 'Invitation'}</span>{' '}
                  <span className="text-muted">
                    · {invitationState(invitation)} · {invitation.uses} of {invitation.max_uses} used · until{' '}
                    {formatDate(invitation.expires_at)}
                  </span>
                </span>
                {invitation.usable && (
                  <Button
                    variant="secondary"
                    onClick={() =>
                      confirm.ask({
                        title: 'Withdraw this invitation?',
                        description: 'The link stops working at once. Accounts already made with it stay.',
                        confirmLabel: 'Withdraw',
                        destructive: true,
                        onConfirm: () => revoke.mutate(invitation.id, { onError: (e) => notifyError(e) }),
                      })
                    }
                  >
                    Withdraw
                  </Button>
                )}
              </li>
            ))}
          </ul>
        )}
      </div>
      {confirm.dialog}
    </InstanceSection>
  );
}
