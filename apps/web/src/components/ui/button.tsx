import type { ComponentPropsWithRef } from 'react';
import { cn } from '@/lib/cn';
import { buttonStyles } from './button-styles';

export type ButtonVariant = keyof typeof buttonStyles;

export interface ButtonProps extends ComponentPropsWithRef<'button'> {
  /**
   * One of the shared styles, or 'unstyled' for a control whose look is its own (a chart's range
   * tabs, a star in a table row, a text link): it then wears only the classes given.
   */
  variant: ButtonVariant | 'unstyled';
}

/**
 * A `<button>` in one of the shared styles, with any classes given added after it. Its type is
 * "button" unless one is given (`type="submit"`): a bare button inside a form would submit it.
 * Every other prop, `ref` included, reaches the element; Preact and React 19 hand a function
 * component its `ref` as a plain prop, so no forwardRef wrapper is needed.
 */
export const Button = ({ variant, className, ...props }: ButtonProps) => (
  <button
    type="button"
    {...props}
    className={cn(variant === 'unstyled' ? undefined : buttonStyles[variant], className)}
  />
);
