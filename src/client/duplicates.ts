import { useState } from 'react';
import type { DuplicateMatch } from '../../modules/prompts/contracts';
import * as routes from '../shared/api-routes.generated';
import { api } from './http';

/**
 * The submit forms' duplicate check: before a public submission the form asks for
 * near-duplicates; if there are any it shows them and stops, and the next submit of the same
 * title and content goes ahead (with the submitter's optional note). Changing either asks
 * again. A failed check never blocks a submission: the server finds the duplicates again and
 * marks them for the admin.
 */
export function useDuplicateCheck() {
  const [shown, setShown] = useState<{ key: string; matches: DuplicateMatch[] } | null>(null);
  const [note, setNote] = useState('');
  const keyOf = (text: { title?: string; content?: string }) => `${text.title ?? ''}\n${text.content ?? ''}`;

  /** Whether the form may submit `text` now (false: the duplicates are shown). */
  const mayProceed = async (text: { title: string; content: string }): Promise<boolean> => {
    const key = keyOf(text);
    if (shown?.key === key) return true;
    try {
      const { matches } = await api(routes.duplicates, { body: { title: text.title, content: text.content } });
      if (matches.length === 0) return true;
      setShown({ key, matches });
      return false;
    } catch (error) {
      console.error(error);
      return true;
    }
  };

  return {
    mayProceed,
    /** The matches shown for `text` as it is now (none once it changed). */
    matchesFor: (text: { title?: string; content?: string }) => (shown && shown.key === keyOf(text) ? shown.matches : []),
    note,
    setNote,
  };
}
