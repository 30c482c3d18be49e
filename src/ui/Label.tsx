import type { ComponentProps } from 'react';
import { cx } from './cx';

/** A native <label> for a form control. */
export function Label({ className, ...props }: ComponentProps<'label'>) {
  // Callers pass htmlFor with the props: the control it names is theirs.
  // eslint-disable-next-line jsx-a11y-x/label-has-associated-control
  return <label className={cx('block text-sm font-medium', className)} {...props} />;
}
