import { type InputHTMLAttributes, useId } from 'react';
import { cn } from '@/lib/cn';

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  /** Messages shown under the field (spec §5: errors appear under the field). */
  errors?: readonly string[] | undefined;
  hint?: string;
}

export function TextField({ label, errors, hint, className, ...input }: TextFieldProps) {
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
      <input
        id={id}
        aria-invalid={hasErrors || undefined}
        aria-describedby={describedBy || undefined}
        className={cn(
          'rounded-lg border bg-bg px-3 py-2 text-sm outline-none focus-visible:ring-2 focus-visible:ring-accent',
          hasErrors ? 'border-danger' : 'border-line',
        )}
        {...input}
      />
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
