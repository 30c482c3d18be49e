import type { ComponentProps } from 'react';
import { cx } from './cx';

export type TextareaProps = ComponentProps<'textarea'> & {
  /** Marks the value as wrong: a red border and aria-invalid (the caller points aria-describedby at the reason). */
  invalid?: boolean;
};

/** A native <textarea> in the kit's look (the input's padding plus room above and below the lines). */
export function Textarea({ invalid, className, ...props }: TextareaProps) {
  return <textarea aria-invalid={invalid || undefined} {...props} className={cx('input py-2', className, invalid && 'border-destructive')} />;
}
