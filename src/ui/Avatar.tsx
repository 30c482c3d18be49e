import { initials } from '../shared/initials';

export type AvatarSize = 'xs' | 'sm' | 'md' | 'lg';

/** A stable colour per name, so one author looks the same on every card. */
export function avatarColour(name: string, house: boolean): string {
  if (house) return 'av-house';
  let hash = 0;
  for (const ch of name) hash = (hash * 31 + ch.codePointAt(0)!) >>> 0;
  return `av-${hash % 6}`;
}

interface Props {
  name: string;
  src?: string | null;
  size?: AvatarSize;
  className?: string;
  /** The product's own prompts get the brand gradient. */
  house?: boolean;
}

/** A round avatar: the image when it is an http(s) URL, else the name's two-letter initials. */
export function Avatar({ name, src, size = 'sm', className = '', house = false }: Props) {
  if (src && /^https?:\/\//i.test(src)) {
    return (
      <img
        src={src}
        alt=""
        width={40}
        height={40}
        loading="lazy"
        decoding="async"
        referrerPolicy="no-referrer"
        className={`avatar avatar-${size} object-cover ring-1 ring-border ${className}`}
      />
    );
  }
  return (
    <span aria-hidden="true" className={`avatar avatar-${size} ${avatarColour(name, house)} ${className}`}>
      {initials(name) || '?'}
    </span>
  );
}
