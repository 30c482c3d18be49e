import { route } from '../../events/route';
import { exportQuery, type PromptoryExport } from './contracts';

/** A person's data over HTTP: taking it out. */
export const portabilityRoutes = {
  exportMyData: route<PromptoryExport>()({
    method: 'GET',
    path: '/api/me/export',
    // The website only: a connected extension has no business downloading the whole account.
    caller: 'web-user',
    query: exportQuery,
    summary:
      "Downloads the signed-in user's data: `json` (the Promptory format: own prompts with every version and their variables, bookmarks, collections, ratings, history, remembered values, profile; docs/data-format.md), `markdown` (a zip: one file per own prompt with YAML front matter, one index per collection) or `csv` (act,prompt then Promptory's columns).",
  }),
};
