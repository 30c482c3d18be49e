import type { ComponentProps } from 'react';
import { cx } from './cx';

export type InputProps = ComponentProps<'input'> & {
  /** Marks the value as wrong: a red border and aria-invalid (the caller points aria-describedby at the reason). */
  invalid?: boolean;
};

/** A native <input> in the kit's look. */
export function Input({ invalid, className, ...props }: InputProps) {
  return <input aria-invalid={invalid || undefined} {...props} className={cx('input', className, invalid && 'border-destructive')} />;
}
