import { csvRecords, writeCsv } from './csv';
import type { ExportedPrompt, PromptDownloadFormat, PromptoryExport } from './contracts';

/** A file of an export archive: its path inside the zip and its text. */
export interface ExportFile {
  path: string;
  text: string;
}

/**
 * The CSV export: `act,prompt` first, as prompts.chat and the awesome-chatgpt-prompts lists
 * read them (by header name), then Promptory's own columns. Variables are written in
 * prompts.chat's `${name:default}` so prompts.chat reads them back (a choice list keeps its
 * first choice, the default: prompts.chat has no choices); Promptory's import reads them back too.
 */
export const CSV_COLUMNS = ['act', 'prompt', 'description', 'category', 'visibility', 'status', 'variables', 'versions', 'created_at', 'id', 'tags'] as const;

export function exportCsv(data: PromptoryExport): string {
  return writeCsv(CSV_COLUMNS, []) + csvRows(data.prompts);
}

/** A `{{…}}` token (or the `\{{` escape), as the variable parser finds them. */
const TOKEN = /\\\{\{|\{\{([^{}\r\n]*)\}\}/gu;

/**
 * A prompt's content with its variables in prompts.chat's syntax: `{{name}}` → `${name}`,
 * `{{name:default}}` and `{{name:a|b}}` → `${name:default}`. Only the prompt's own variables
 * (by name) change: any other `{{…}}` is text and stays, an escaped `\{{` is written `{{`.
 */
export function promptsChatContent(content: string, variables: ExportedPrompt['variables']): string {
  const byName = new Map(variables.map((v) => [v.name, v]));
  return content.replace(TOKEN, (token, inside: string | undefined) => {
    if (inside === undefined) return '{{';
    const name = inside
      .split(/[:：]/u, 1)[0]
      .replace(/[\p{Zs}\t]+/gu, ' ')
      .trim();
    const variable = byName.get(name);
    if (!variable) return token;
    const fallback = variable.default ?? variable.options?.[0];
    return fallback ? `\${${name}:${fallback.replaceAll('}', '')}}` : `\${${name}}`;
  });
}

/** The CSV records of `prompts`, without the header (a download writes them a page at a time). */
export function csvRows(prompts: readonly ExportedPrompt[]): string {
  return csvRecords(
    prompts.map((p) => [
      p.title,
      promptsChatContent(p.content, p.variables),
      p.description,
      p.category,
      p.visibility,
      p.status,
      p.variables.map((v) => v.name).join('; '),
      String(p.versions.length),
      p.createdAt,
      String(p.id),
      // Joined with `;` as AI Prompt Genius joins its tags (a tag is never longer than the limit, and `;` splits it).
      p.tags.join('; '),
    ]),
  );
}

/** A file name's part from a title: letters and digits of any script, the rest as dashes. */
export function slugOf(title: string, fallback: string): string {
  const slug = title
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return slug || fallback;
}

/**
 * A YAML scalar for any text: JSON's double-quoted string is also YAML's (JSON is a subset of
 * YAML 1.2), so quotes, colons, `#`, line breaks and emoji need no rules of our own.
 */
const yaml = (value: string) => JSON.stringify(value);

/** Link text in Markdown: a bracket in a title would end the link early. */
const linkText = (text: string) => text.replace(/[[\]\\]/g, '\\$&');

const promptPath = (p: ExportedPrompt) => `prompts/${p.id}-${slugOf(p.title, 'prompt')}.md`;

function promptFile(p: ExportedPrompt): ExportFile {
  const lines = [
    '---',
    `title: ${yaml(p.title)}`,
    `description: ${yaml(p.description)}`,
    `category: ${yaml(p.category)}`,
    `visibility: ${p.visibility}`,
    `status: ${p.status}`,
    `created: ${yaml(p.createdAt)}`,
    `versions: ${p.versions.length}`,
    `tags: [${p.tags.map(yaml).join(', ')}]`,
  ];
  if (p.variables.length === 0) lines.push('variables: []');
  else {
    lines.push('variables:');
    for (const v of p.variables) {
      lines.push(`  - name: ${yaml(v.name)}`);
      if (v.default !== undefined) lines.push(`    default: ${yaml(v.default)}`);
      if (v.options) lines.push(`    options: [${v.options.map(yaml).join(', ')}]`);
    }
  }
  lines.push('---', '', p.content, '');
  return { path: promptPath(p), text: lines.join('\n') };
}

/** One prompt downloaded from its page: the file's name, type and text. */
export interface PromptFile {
  name: string;
  type: string;
  text: string;
}

/**
 * One prompt as a file of its own, written as the exports write it: Markdown is the Markdown
 * export's file of the prompt (front matter with its variables, then the content), which the
 * import reads back; JSON is the prompt as the Promptory export lists it; text is the content alone.
 */
export function promptDownload(p: ExportedPrompt, format: PromptDownloadFormat): PromptFile {
  const base = `${p.id}-${slugOf(p.title, 'prompt')}`;
  if (format === 'markdown') return { name: `${base}.md`, type: 'text/markdown; charset=utf-8', text: promptFile(p).text };
  if (format === 'json') return { name: `${base}.json`, type: 'application/json; charset=utf-8', text: `${JSON.stringify(p, null, 2)}\n` };
  return { name: `${base}.txt`, type: 'text/plain; charset=utf-8', text: p.content.endsWith('\n') ? p.content : `${p.content}\n` };
}

/** The Markdown export as it is written: each page of prompts' files as it comes, then the collections' and the README. */
export interface MarkdownExport {
  prompts(page: readonly ExportedPrompt[]): ExportFile[];
  closing(): ExportFile[];
}

/**
 * The Markdown export: one file per own prompt (YAML front matter: title, description,
 * category, visibility, status, variables, version count, tags; then the content as it is), one
 * index per collection (links to the prompt's file when it is the user's own, else to its page
 * on the site), and a README listing both. Written a page of prompts at a time: what it keeps
 * of a prompt until the end is its path and its README line.
 */
export function markdownExport(head: Omit<PromptoryExport, 'prompts'>): MarkdownExport {
  const ownPaths = new Map<number, string>();
  const promptLines: string[] = [];
  return {
    prompts(page) {
      for (const p of page) {
        ownPaths.set(p.id, promptPath(p));
        promptLines.push(`- [${linkText(p.title)}](${promptPath(p)}) (${p.visibility}, ${p.status})`);
      }
      return page.map(promptFile);
    },
    closing() {
      const files: ExportFile[] = [];
      const collectionPaths: string[] = [];
      head.collections.forEach((c, i) => {
        const path = `collections/${i + 1}-${slugOf(c.name, 'collection')}.md`;
        collectionPaths.push(path);
        const lines = [
          '---',
          `name: ${yaml(c.name)}`,
          `description: ${yaml(c.description ?? '')}`,
          `public: ${c.isPublic}`,
          `prompts: ${c.prompts.length}`,
          '---',
          '',
          `# ${c.name}`,
          '',
        ];
        if (c.description) lines.push(c.description, '');
        for (const item of c.prompts) {
          const mine = ownPaths.get(item.promptId);
          const title = linkText(item.title ?? `#${item.promptId}`);
          // Its page on the site too: what an import of this zip adds to the collection (collections hold public prompts).
          const page = `${head.site}/prompts/${item.promptId}`;
          lines.push(mine ? `- [${title}](../${mine}) ([on the site](${page}))` : `- [${title}](${page})`);
        }
        lines.push('');
        files.push({ path, text: lines.join('\n') });
      });
      const readme = [
        `# ${head.profile.name}: Promptory export`,
        '',
        `Exported ${head.exportedAt} from ${head.site}.`,
        '',
        '## Prompts',
        '',
        ...(promptLines.length ? promptLines : ['(none)']),
        '',
        '## Collections',
        '',
        ...(head.collections.length ? head.collections.map((c, i) => `- [${linkText(c.name)}](${collectionPaths[i]})`) : ['(none)']),
        '',
      ];
      files.push({ path: 'README.md', text: readme.join('\n') });
      return files;
    },
  };
}
