import type { ReactNode } from 'react';
import { Button } from './Button';

/** What the last revoke (or create) said: done, or why not. */
export interface ListNote {
  tone: 'ok' | 'error';
  text: string;
}

interface Props<T extends { id: number }> {
  items: readonly T[];
  note: ListNote | null;
  /** What the list says when there are none. */
  empty: string;
  /** What a row says about its item (name, when connected or made, when last used). */
  details: (item: T) => ReactNode;
  revokeLabel: string;
  /** Asks to revoke: the caller confirms in its own dialog. */
  onRevoke: (item: T) => void;
  /** The buttons work once the island is hydrated. */
  hydrated: boolean;
  testIds: { row: string; revoke: string };
}

/**
 * The dashboard's lists of what can act for a person (connected extensions, access tokens):
 * the last revoke's outcome, then a row per item with its details and a Revoke button.
 */
export function RevocableList<T extends { id: number }>({ items, note, empty, details, revokeLabel, onRevoke, hydrated, testIds }: Props<T>) {
  return (
    <>
      {note && (
        <p role={note.tone === 'error' ? 'alert' : 'status'} className={`mb-3 text-sm ${note.tone === 'error' ? 'text-destructive' : 'text-success'}`}>
          {note.text}
        </p>
      )}
      {items.length === 0 ? (
        <p className="text-sm text-muted-foreground">{empty}</p>
      ) : (
        <ul className="divide-y divide-border">
          {items.map((item) => (
            <li key={item.id} className="flex flex-wrap items-center justify-between gap-3 py-3" data-testid={testIds.row}>
              <div className="min-w-0">{details(item)}</div>
              <Button variant="outline" size="sm" onClick={() => onRevoke(item)} disabled={!hydrated} data-testid={testIds.revoke}>
                {revokeLabel}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
