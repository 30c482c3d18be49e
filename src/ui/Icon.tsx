import type { IconName } from '../shared/icon-paths';
import { ICONS_URL } from '../shared/icon-version';

export type { IconName };

interface Props {
  name: IconName;
  size?: number;
  className?: string;
  /** Makes the icon meaningful to assistive technology; decorative otherwise. */
  label?: string;
  filled?: boolean;
}

/** An icon from the sprite (/icons.svg): pages with many cards do not repeat the same paths. */
export function Icon({ name, size = 16, className, label, filled = false }: Props) {
  const cls = `i${filled ? ' i-fill' : ''}${className ? ` ${className}` : ''}`;
  return (
    <svg width={size} height={size} className={cls} role={label ? 'img' : undefined} aria-label={label} aria-hidden={label ? undefined : true}>
      <use href={`${ICONS_URL}#${name}`} />
    </svg>
  );
}
