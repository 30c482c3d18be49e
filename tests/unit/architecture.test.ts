import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The dependency rules of docs/architecture.md, enforced on every import in the tree.
 * A violation names the file, the import and the rule it breaks.
 */
const ROOT = resolve(__dirname, '../..');
const SCANNED = ['events', 'modules', 'projections', 'src', 'extension'];
const EXTENSIONS = ['.ts', '.tsx', '.mts', '.js', '.mjs', '.astro'];

function files(dir: string): string[] {
  let out: string[] = [];
  let entries: string[];
  try {
    entries = readdirSync(dir);
  } catch {
    return out;
  }
  for (const name of entries) {
    if (name === 'node_modules' || name === 'dist' || name.startsWith('.')) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out = out.concat(files(path));
    else if (EXTENSIONS.some((e) => name.endsWith(e)) && !name.endsWith('.d.ts')) out.push(path);
  }
  return out;
}

const IMPORT = /(?:^|[\s;])(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\s*\(\s*['"]([^'"]+)['"]\s*\)|^\s*import\s*['"]([^'"]+)['"]/gm;

export function importsOf(source: string): string[] {
  const found: string[] = [];
  for (const match of source.matchAll(IMPORT)) found.push(match[1] ?? match[2] ?? match[3]);
  return found;
}

/** Resolves a relative specifier to a repo path like "modules/prompts/index.ts". */
function target(file: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null;
  const base = resolve(dirname(file), specifier);
  for (const candidate of [base, ...EXTENSIONS.map((e) => base + e), ...EXTENSIONS.map((e) => join(base, 'index' + e))]) {
    try {
      if (statSync(candidate).isFile()) return relative(ROOT, candidate);
    } catch {
      // try the next form
    }
  }
  return relative(ROOT, base);
}

const isContracts = (t: string) => /^modules\/[^/]+\/contracts\.ts$/.test(t);
const isModuleIndex = (t: string) => /^modules\/[^/]+\/index\.ts$/.test(t);
const isQueries = (t: string) => /^projections\/[^/]+\/queries\.ts$/.test(t);
const isClientCode = (t: string) =>
  t.startsWith('src/islands/') || t.startsWith('src/lib/') || (t.startsWith('src/i18n/') && !t.startsWith('src/i18n/server'));

/** Returns the broken rule's text, or null when `from` may import `to`. */
export function violation(from: string, to: string): string | null {
  const [top, second] = from.split('/');
  if (top === 'events') return to.startsWith('events/') ? null : 'events/ imports no project code';
  if (top === 'modules') {
    if (from.endsWith('/contracts.ts') && !to.startsWith(`modules/${second}/`))
      return 'a module contracts.ts is pure: zod and its own module only';
    if (to.startsWith('events/') || to.startsWith(`modules/${second}/`)) return null;
    return 'a module imports events/ and its own folder only (modules talk through events)';
  }
  if (top === 'projections') {
    if (to.startsWith('events/') || isContracts(to)) return null;
    const ownFolder = from.split('/').length > 2 ? `projections/${second}/` : 'projections/';
    if (to.startsWith(ownFolder) || /^projections\/[^/]+\.ts$/.test(to)) return null;
    return 'a projection imports events/, module contracts and its own folder only';
  }
  if (top === 'extension') {
    return isContracts(to) || to.startsWith('extension/') || to === 'src/i18n/languages.ts' || /^src\/i18n\/locales\/[^/]+\/[^/]+\.json$/.test(to)
      ? null
      : 'the extension imports only contracts.ts files and its own code (it talks to /api over HTTP)';
  }
  if (from.startsWith('src/islands/')) {
    return isContracts(to) || isClientCode(to) ? null : 'islands import only contracts.ts files and client-side code';
  }
  if (from.startsWith('src/pages/') || from.startsWith('src/components/') || from.startsWith('src/layouts/')) {
    if (to.startsWith('src/')) return to.startsWith('src/pages/') && !from.startsWith('src/pages/') ? 'only pages import pages' : null;
    if (isContracts(to) || isModuleIndex(to) || isQueries(to)) return null;
    return 'pages import modules/*/index.ts, modules/*/contracts.ts, projections/*/queries.ts and src/ only (no deep paths)';
  }
  if (from.startsWith('src/')) {
    if (to.startsWith('modules/') && !isContracts(to) && !isModuleIndex(to)) return 'src/ reaches a module only through its index.ts or contracts.ts';
    return null;
  }
  return null;
}

describe('dependency rules', () => {
  it('finds the imports of TypeScript and Astro sources', () => {
    expect(importsOf(`---\nimport A from '../a';\nimport { b } from "./b";\nexport * from './c';\nconst d = await import('./d');\nimport './e.css';\n---`)).toEqual([
      '../a',
      './b',
      './c',
      './d',
      './e.css',
    ]);
  });

  it('refuses the imports each rule forbids', () => {
    expect(violation('events/store.ts', 'modules/prompts/index.ts')).not.toBeNull();
    expect(violation('modules/prompts/commands.ts', 'modules/accounts/index.ts')).not.toBeNull();
    expect(violation('modules/prompts/commands.ts', 'projections/catalog/queries.ts')).not.toBeNull();
    expect(violation('modules/prompts/contracts.ts', 'events/index.ts')).not.toBeNull();
    expect(violation('projections/catalog/projection.ts', 'modules/prompts/index.ts')).not.toBeNull();
    expect(violation('src/pages/index.astro', 'projections/catalog/projection.ts')).not.toBeNull();
    expect(violation('src/pages/index.astro', 'modules/prompts/domain/prompt.ts')).not.toBeNull();
    expect(violation('src/islands/Card.tsx', 'src/server/app.ts')).not.toBeNull();
    expect(violation('src/islands/Card.tsx', 'projections/catalog/queries.ts')).not.toBeNull();
    expect(violation('extension/popup.ts', 'src/server/http.ts')).not.toBeNull();
    expect(violation('extension/src/lib/i18n.ts', 'src/i18n/server.ts')).not.toBeNull();
    expect(violation('extension/src/lib/i18n.ts', 'src/i18n/locales/en/extension.json')).toBeNull();
    expect(violation('src/pages/index.astro', 'projections/catalog/queries.ts')).toBeNull();
    expect(violation('src/islands/Card.tsx', 'modules/prompts/contracts.ts')).toBeNull();
  });

  it('holds for every file in the tree', () => {
    const broken: string[] = [];
    for (const dir of SCANNED) {
      for (const file of files(join(ROOT, dir))) {
        const from = relative(ROOT, file);
        for (const specifier of importsOf(readFileSync(file, 'utf8'))) {
          const to = target(file, specifier);
          if (!to) continue;
          const rule = violation(from, to);
          if (rule) broken.push(`${from} imports ${specifier}: ${rule}`);
        }
      }
    }
    expect(broken).toEqual([]);
  });
});
