import type { ComponentProps } from 'react';
import { cx } from './cx';
import { Icon, type IconName } from './Icon';

/** The looks of global.css: `plain` is the bare `.btn` (the caller colours it); `icon` is the square `.btn-icon`. */
export type ButtonVariant = 'primary' | 'outline' | 'ghost' | 'plain' | 'icon' | 'destructive';
export type ButtonSize = 'sm' | 'md' | 'lg';

export interface ButtonLook {
  variant?: ButtonVariant;
  /** Ignored by `icon`, which has one size. */
  size?: ButtonSize;
  className?: string;
}

/**
 * The classes of a button: the one way to build them, for <Button>, for links styled as
 * buttons and for .astro markup.
 */
export function buttonClass({ variant = 'primary', size = 'md', className }: ButtonLook = {}): string {
  if (variant === 'icon') return cx('btn-icon', className);
  return cx('btn', size !== 'md' && `btn-${size}`, variant !== 'plain' && `btn-${variant}`, className);
}

export type ButtonProps = ComponentProps<'button'> &
  ButtonLook & {
    /** An icon before the label, at the size every labelled button's icon has. */
    icon?: IconName;
  };

/** A native <button> (type="button" unless told otherwise, so it never submits a form by accident). */
export function Button({ variant, size, className, type = 'button', icon, children, ...props }: ButtonProps) {
  return (
    <button type={type} {...props} className={buttonClass({ variant, size, className })}>
      {icon && <Icon name={icon} size={14} />}
      {children}
    </button>
  );
}
