import { useEffect, useId, useRef, type ComponentProps, type ReactNode } from 'react';
import { Button } from './Button';
import { cx } from './cx';

type DialogProps = Omit<ComponentProps<'dialog'>, 'open' | 'onClose' | 'title' | 'children' | 'ref'> & {
  open: boolean;
  onClose: () => void;
  title: string;
  closeLabel: string;
  children: ReactNode;
};

/**
 * A modal dialog on the native <dialog> (focus trap, Escape and the inert page for free):
 * open while `open`; Escape, the close button or a click on the backdrop call `onClose`.
 */
export function Dialog({ open, onClose, title, closeLabel, children, className, ...props }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current!;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    // A click on the backdrop closes the dialog as Esc does (the native <dialog> already handles the key).
    // eslint-disable-next-line jsx-a11y-x/click-events-have-key-events, jsx-a11y-x/no-noninteractive-element-interactions
    <dialog
      {...props}
      ref={ref}
      aria-labelledby={titleId}
      onClose={onClose}
      onClick={(e) => e.target === ref.current && onClose()}
      className={cx('card m-auto w-[calc(100%-2rem)] max-w-lg p-0 text-foreground backdrop:bg-black/50', className)}
    >
      <div className="flex items-center justify-between gap-3 border-b border-border px-5 py-4">
        <h2 id={titleId} className="text-lg font-semibold">
          {title}
        </h2>
        <Button variant="icon" aria-label={closeLabel} onClick={onClose}>
          <svg aria-hidden="true" width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
            <path d="M18 6 6 18M6 6l12 12" />
          </svg>
        </Button>
      </div>
      <div className="p-5">{open && children}</div>
    </dialog>
  );
}
