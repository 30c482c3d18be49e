import type { ReactNode } from 'react';

/** The heading's and its line's looks by where they stand: a page's h1, a page section, a card's, a panel's. */
const SIZES = {
  page: ['text-3xl font-bold tracking-tight sm:text-4xl', 'mt-2 max-w-2xl text-muted-foreground'],
  section: ['text-2xl font-bold tracking-tight sm:text-3xl', 'mt-2 text-muted-foreground'],
  card: ['text-2xl font-bold tracking-tight', 'mt-2 max-w-xl text-muted-foreground'],
  panel: ['text-sm font-semibold', 'mt-1 max-w-xl text-sm text-muted-foreground'],
} as const;

/** A heading and the line under it, in their own block (beside an action, above a list). */
export function Heading({
  id,
  level = 2,
  size,
  title,
  text,
  textClass,
  className,
}: {
  /** What the section's aria-labelledby names. */
  id: string;
  level?: 1 | 2;
  size: keyof typeof SIZES;
  title: ReactNode;
  text: ReactNode;
  /** The line's classes (its margin, width and colour) where they differ from the size's. */
  textClass?: string;
  className?: string;
}) {
  const H = `h${level}` as 'h1' | 'h2';
  return (
    <div className={className}>
      <H id={id} className={SIZES[size][0]}>
        {title}
      </H>
      <p className={textClass ?? SIZES[size][1]}>{text}</p>
    </div>
  );
}
