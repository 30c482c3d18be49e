import { useState } from 'react';
import type { z } from 'zod';
import type { DuplicateMatch, OwnPromptView, submitPromptRequest } from '../../modules/prompts/contracts';
import * as routes from '../shared/api-routes.generated';
import { api } from './http';

/**
 * The submit forms' duplicate check, then their submission: before a public submission the
 * form asks for near-duplicates; if there are any it shows them and stops, and the next submit
 * of the same title and content goes ahead (with the submitter's optional note). Changing
 * either asks again; a private prompt is never checked. A failed check never blocks a
 * submission: the server finds the duplicates again and marks them for the admin.
 */
export function useDuplicateCheck(values: { title?: string; content?: string; visibility?: string }) {
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
    /** Checks `data` (when public) and submits it; null when the form stopped to show its duplicates. */
    async submit(data: z.input<typeof submitPromptRequest>): Promise<OwnPromptView | null> {
      if (data.visibility === 'public' && !(await mayProceed(data))) return null;
      return api(routes.submit, { body: { ...data, duplicateNote: note || undefined } });
    },
    /** The matches shown for the form's values as they are now (none once they changed, none for a private prompt). */
    matches: values.visibility !== 'private' && shown && shown.key === keyOf(values) ? shown.matches : [],
    note,
    setNote,
  };
}
