import type { ComponentProps } from 'react';
import { cx } from './cx';

/** A field's error message; give it an id the control names in aria-describedby. */
export function FieldError({ className, ...props }: ComponentProps<'p'>) {
  return <p className={cx('text-sm font-medium text-destructive', className)} {...props} />;
}
