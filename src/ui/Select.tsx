import type { ComponentProps } from 'react';
import { cx } from './cx';

export type SelectProps = ComponentProps<'select'> & {
  /** Marks the value as wrong: a red border and aria-invalid (the caller points aria-describedby at the reason). */
  invalid?: boolean;
};

/** A native <select> in the kit's look (global.css draws its chevron). */
export function Select({ invalid, className, ...props }: SelectProps) {
  return <select aria-invalid={invalid || undefined} {...props} className={cx('input', className, invalid && 'border-destructive')} />;
}
