import type { InputHTMLAttributes, ReactNode } from 'react';
import { controlClass, Field } from './field';

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  /** Messages shown under the field (errors appear under the field). */
  errors?: readonly string[] | undefined;
  hint?: ReactNode;
}

export function TextField({ label, errors, hint, className, ...input }: TextFieldProps) {
  return (
    <Field label={label} errors={errors} hint={hint} className={className}>
      {(control) => <input {...control} className={controlClass(control['aria-invalid'])} {...input} />}
    </Field>
  );
}
