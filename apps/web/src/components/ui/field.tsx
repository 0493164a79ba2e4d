import { type ReactNode, useId } from 'react';
import { cn } from '@/lib/cn';

/** What a control needs to be labelled and described by its field. */
export interface FieldControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

export interface FieldProps {
  label: ReactNode;
  /** Messages shown under the field (errors appear under the field). */
  errors?: readonly string[] | undefined;
  hint?: ReactNode;
  className?: string;
  /** Renders the control (input, select, textarea, combobox) with the ids that tie it to the label. */
  children: (control: FieldControlProps) => ReactNode;
}

/** Label, control, hint and errors, wired by id: the form-field markup every form shares. */
export function Field({ label, errors, hint, className, children }: FieldProps) {
  const id = useId();
  const hasErrors = errors !== undefined && errors.length > 0;
  const describedBy = [hint ? `${id}-hint` : null, hasErrors ? `${id}-errors` : null]
    .filter(Boolean)
    .join(' ');
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      {children({ id, 'aria-invalid': hasErrors || undefined, 'aria-describedby': describedBy || undefined })}
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-muted">
          {hint}
        </p>
      )}
      {hasErrors && (
        <ul id={`${id}-errors`} className="text-xs text-danger">
          {errors.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** The look of a text input or select inside a Field. */
export const controlClass = (invalid: boolean | undefined) =>
  cn(
    'rounded-lg border bg-bg px-3 py-2 text-sm outline-none focus-visible:ring-2 focus-visible:ring-accent',
    invalid ? 'border-danger' : 'border-line',
  );
