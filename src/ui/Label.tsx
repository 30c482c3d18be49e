import type { ComponentProps } from 'react';
import { cx } from './cx';

/** A native <label> for a form control. */
export function Label({ className, ...props }: ComponentProps<'label'>) {
  return <label className={cx('block text-sm font-medium', className)} {...props} />;
}
