import { type Connection, type ConnectionUpdateBody, gapLimitBounds } from '@app/contracts';
import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { TextField } from '@/components/ui/text-field';
import { notifyError } from '@/lib/notify';
import { toast } from '@/lib/toast';
import { connectionUpdateBodySchema } from '../api/form-schemas';
import { useUpdateConnection } from '../api/use-connection-mutations';
import { fieldErrorsFromIssues, otherErrors, serverFieldErrors } from './field-errors';

/** Edits what can change without starting over: the label, and an extended key's gap limit. */
export function EditConnectionDialog({
  connection,
  onClose,
}: {
  connection: Connection;
  onClose: () => void;
}) {
  const [label, setLabel] = useState(connection.label);
  const [gap, setGap] = useState(connection.gap_limit === null ? '' : String(connection.gap_limit));
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const update = useUpdateConnection();
  const hasGap = connection.gap_limit !== null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body: Record<string, unknown> = {};
    if (label.trim() !== connection.label) body.label = label;
    if (hasGap && gap.trim() !== String(connection.gap_limit))
      body.gap_limit = Number(gap.trim() || Number.NaN);
    const parsed = connectionUpdateBodySchema.safeParse(body);
    if (!parsed.success) {
      setErrors(fieldErrorsFromIssues(parsed.error.issues));
      return;
    }
    if (Object.keys(parsed.data).length === 0) {
      onClose();
      return;
    }
    update.mutate(
      { id: connection.id, body: parsed.data satisfies ConnectionUpdateBody },
      {
        onSuccess: (saved) => {
          toast.success(`Connection “${saved.label}” saved`);
          onClose();
        },
        onError: (error) => {
          const fields = serverFieldErrors(error);
          if (Object.keys(fields).length > 0) setErrors(fields);
          else notifyError(error);
        },
      },
    );
  };

  const rest = otherErrors(errors, ['label', 'gap_limit']);
  return (
    <Dialog title={`Edit ${connection.label}`} onClose={onClose} closeButton width="max-w-md">
      <form noValidate onSubmit={submit} className="grid gap-4">
        <TextField
          label="Label"
          value={label}
          maxLength={80}
          errors={errors.label}
          onChange={(e) => setLabel(e.target.value)}
        />
        {hasGap && (
          <TextField
            label="Gap limit"
            type="number"
            inputMode="numeric"
            min={gapLimitBounds.min}
            max={gapLimitBounds.max}
            value={gap}
            errors={errors.gap_limit}
            hint={`How many unused addresses in a row end the search (${gapLimitBounds.min} to ${gapLimitBounds.max}).`}
            onChange={(e) => setGap(e.target.value)}
          />
        )}
        {rest.length > 0 && (
          <p role="alert" className="text-sm text-danger">
            {rest.join(' ')}
          </p>
        )}
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" variant="primary" disabled={update.isPending}>
            {update.isPending ? 'Saving…' : 'Save'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
