import { z } from 'zod';
import { idParam, idParams } from '../../events/ids';
import { route } from '../../events/route';
import {
  exportQuery,
  IMPORT_BODY_BYTES,
  importIdParam,
  importQuery,
  importRequest,
  type ImportProgress,
  promptDownloadQuery,
  type ExportedPrompt,
  type ImportResult,
  type PromptoryExport,
} from './contracts';

/** A person's data over HTTP: taking it out, bringing it in, taking an import back. */
export const portabilityRoutes = {
  exportMyData: route<PromptoryExport>()({
    method: 'GET',
    path: '/api/me/export',
    // The website only: a connected extension has no business downloading the whole account.
    caller: 'web-user',
    query: exportQuery,
    summary:
      "Downloads the signed-in user's data: `json` (the Promptory format: own prompts with every version, their variables and tags, bookmarks, collections, ratings, history, remembered values, profile; docs/data-format.md), `markdown` (a zip: one file per own prompt with YAML front matter (tags included), one index per collection) or `csv` (act,prompt then Promptory's columns, tags last).",
  }),
  downloadPrompt: route<ExportedPrompt>()({
    method: 'GET',
    path: '/api/prompts/{id}/download',
    caller: 'anyone',
    params: idParams,
    query: promptDownloadQuery,
    summary:
      'Downloads one prompt the caller may read (a public one; their own private or unpublished one) as a file: `markdown` (YAML front matter with its variables, then the content, as in the Markdown export), `json` (the prompt as the Promptory export writes it, with the versions the caller may see) or `text` (the content alone).',
  }),
  importMyData: route<ImportResult>()({
    method: 'POST',
    path: '/api/me/import',
    caller: 'web-user',
    reads: ['catalog', 'collections', 'review', 'duplicates', 'audit', 'tags'],
    query: importQuery,
    body: importRequest,
    maxBodyBytes: IMPORT_BODY_BYTES,
    summary:
      "Imports prompts from a file of Promptory or another prompt tool (up to 20 MB and 20,000 prompts, written in short transactions so other requests run between them) as the user's private prompts: `{ bytes }` (the file as it is, base64: the server detects its format and its encoding, UTF-8, UTF-16, Big5 or GB18030) or `{ format, content }` (its text; a zip as base64); `format` overrides the detection. Other tools' placeholders become variables; duplicates of the user's prompts are skipped. With ?dryRun=1, only the preview (what is new, duplicate or invalid and why, the format and encoding read, the text's start), not counted against the import limit. 201 with the batch.",
  }),
  importProgress: route<ImportProgress>()({
    method: 'GET',
    path: '/api/me/imports/{importId}/progress',
    caller: 'web-user',
    params: z.object({ importId: importIdParam }),
    summary:
      "How far the caller's running import (POST /api/me/import with this `importId`) is in saving its prompts: `{ saved, total, done }`. Known to the web process that runs it, from when its file is read until a while after it ends; 404 before, after, and for anyone else's.",
  }),
  undoImport: route<{ batchId: number; removed: number; kept: number }>()({
    method: 'DELETE',
    path: '/api/me/imports/{batchId}',
    caller: 'web-user',
    reads: ['catalog', 'collections', 'review', 'duplicates', 'audit', 'tags'],
    params: z.object({ batchId: idParam }),
    summary: 'Undoes one import: its prompts that are still private go; those shared with the community since are kept (counted).',
  }),
};
