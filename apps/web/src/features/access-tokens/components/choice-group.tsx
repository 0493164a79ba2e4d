import { type ReactNode, useId } from 'react';
import { cn } from '@/lib/cn';

interface ChoiceGroupProps {
  legend: string;
  hint?: ReactNode;
  /** Messages shown under the group, as Field shows them under a control. */
  errors?: readonly string[] | undefined;
  className?: string;
  children: ReactNode;
}

/** Checkboxes or radios under one legend, with the group's hint and errors tied to it by id. */
export function ChoiceGroup({ legend, hint, errors, className, children }: ChoiceGroupProps) {
  const id = useId();
  const hasErrors = errors !== undefined && errors.length > 0;
  const describedBy = [hint ? `${id}-hint` : null, hasErrors ? `${id}-errors` : null]
    .filter(Boolean)
    .join(' ');
  return (
    <fieldset
      className={cn('flex min-w-0 flex-col gap-2', className)}
      aria-invalid={hasErrors || undefined}
      aria-describedby={describedBy || undefined}
    >
      <legend className="mb-1.5 text-sm font-medium">{legend}</legend>
      {children}
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
    </fieldset>
  );
}
