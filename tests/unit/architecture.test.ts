import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { expectAnswers } from '../support/answers';

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
/** `import type …` / `export type …`: erased at build (verbatimModuleSyntax), so it links no code. */
const TYPE_ONLY = /^[\s;]*(?:import|export)\s+type\s/;

export interface Import {
  specifier: string;
  typeOnly: boolean;
}

export function importsOf(source: string): Import[] {
  const found: Import[] = [];
  for (const match of source.matchAll(IMPORT)) found.push({ specifier: match[1] ?? match[2] ?? match[3], typeOnly: TYPE_ONLY.test(match[0]) });
  return found;
}

/** Settings come from the environment through `readConfig` (src/server/config.ts) only. */
const READS_ENVIRONMENT = /\bprocess\s*\.\s*env\b|\bimport\.meta\.env\b/;
export const readsEnvironment = (source: string) => READS_ENVIRONMENT.test(source);
const CONFIG_FILE = 'src/server/config.ts';

/** A page touching the app itself (`Astro.locals.app`, or `app` taken out of `Astro.locals`). */
const USES_APP = /\blocals\.app\b|\{[^}]*\bapp\b[^}]*\}\s*=\s*Astro\.locals\b/;
export const usesApp = (source: string) => USES_APP.test(source);

/**
 * What an import names: a repo path like "modules/prompts/index.ts" for relative imports, else
 * the bare specifier itself ("node:crypto", "astro:middleware", "react", "pg-boss/x").
 */
function target(file: string, specifier: string): string {
  if (!specifier.startsWith('.')) return specifier;
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

const PROJECT_TOPS = ['events/', 'modules/', 'projections/', 'src/', 'extension/', 'tests/', 'scripts/', 'public/'];
const isProjectPath = (t: string) => PROJECT_TOPS.some((top) => t.startsWith(top)) || t.endsWith('.mjs');
const packageOf = (t: string) => (t.startsWith('@') ? t.split('/').slice(0, 2).join('/') : t.split('/')[0]);

/** A module's contracts, and its zod-free half (`limits.ts`) that a page's first script may carry. */
const isContracts = (t: string) => /^modules\/[^/]+\/(contracts|limits)\.ts$/.test(t);
/** A module's route declarations (pure, but they hold the schemas: browsers take their types only). */
const isRoutes = (t: string) => /^modules\/[^/]+\/routes\.ts$/.test(t) || t === 'src/shared/api-routes.ts';
/** The route kernel and the typed client: pure, for both sides. */
const ROUTE_KERNEL = 'events/route.ts';
/** The id schema every route's params and the id pages parse with (zod: server side and declarations only). */
const ID_SCHEMA = 'events/ids.ts';
/** The paging query and reply every list route shares (pure zod, like the id schema). */
const PAGING = 'events/paging.ts';
/** Declared refusals and the wire's error shape: pure, for contracts, both sides and the extension. */
const REFUSAL_KERNEL = 'events/refusals.ts';
const isClientFile = (t: string) => t === 'src/shared/api-client.ts' || t.startsWith('src/shared/api-routes.generated/');
const isModuleIndex = (t: string) => /^modules\/[^/]+\/index\.ts$/.test(t);
const isQueries = (t: string) => /^projections\/[^/]+\/queries\.ts$/.test(t);

/**
 * Code that runs in the browser (or on both sides): islands, the React UI kit, browser-only
 * client code, browser-safe shared helpers, the language facts, the extension.
 */
export const isBrowserCode = (t: string) =>
  t.startsWith('src/islands/') ||
  t.startsWith('src/ui/') ||
  t.startsWith('src/client/') ||
  t.startsWith('src/shared/') ||
  t.startsWith('src/i18n/') ||
  t.startsWith('extension/');

/**
 * Packages browser code may import: they run in a browser and carry no server secrets.
 * Translations reach the browser as `Strings` bundles (src/shared/strings.ts): i18next runs on
 * the server only.
 */
const BROWSER_PACKAGES = new Set(['react', 'react-dom', 'nanostores', '@nanostores/react', 'zod']);
/** Packages browser code may name types of (`import type`: nothing of them ships). */
const BROWSER_TYPE_PACKAGES = new Set(['i18next']);

/** Returns the broken rule's text, or null when `from` may import `to` (`typeOnly`: an `import type`). */
export function violation(from: string, to: string, typeOnly = false): string | null {
  const [top, second] = from.split('/');
  if (/^modules\/[^/]+\/limits\.ts$/.test(from)) return "a module's limits.ts is what a page's first script may carry: it imports nothing (no zod)";
  if (to.endsWith('.css')) return null;
  if (to.startsWith('src/server/middleware/') && from !== 'src/middleware.ts' && !from.startsWith('src/server/middleware/'))
    return 'only src/middleware.ts imports the middlewares (what they share lives in a server module of its own)';
  const external = !isProjectPath(to);
  if (isBrowserCode(from)) {
    if (to.startsWith('node:')) return 'browser code imports no node:* module';
    if (to.startsWith('astro:')) return 'browser code imports no astro:* module';
    if (external)
      return BROWSER_PACKAGES.has(packageOf(to)) || (typeOnly && BROWSER_TYPE_PACKAGES.has(packageOf(to)))
        ? null
        : `browser code imports only browser packages (${[...BROWSER_PACKAGES].join(', ')}; types of ${[...BROWSER_TYPE_PACKAGES].join(', ')})`;
    // The registry gathers the declarations; everything else in the browser takes their types.
    if (isRoutes(to))
      return typeOnly || from === 'src/shared/api-routes.ts'
        ? null
        : 'browser code takes route declarations as types only (the schemas stay off pages): call through src/shared/api-routes.generated/';
    if (to === ROUTE_KERNEL || to === REFUSAL_KERNEL) return null;
    // The fill-in parser and the built-in variables are pure and free of zod: the fill-in hook and the chat sites' content script take them directly, so the script stays small.
    if (to === 'modules/prompts/variables.ts' || to === 'modules/prompts/builtins.ts') return null;
    if (top === 'extension') {
      return isContracts(to) ||
        isClientFile(to) ||
        to.startsWith('extension/') ||
        to === 'src/i18n/languages.ts' ||
        // form-messages.ts: the one choice of a validation message, shared with the site's forms (pure, over contracts).
        to === 'src/shared/form-messages.ts' ||
        // refusals.ts: a refusal said by its code, as the site's islands say it (pure).
        to === 'src/shared/refusals.ts' ||
        // strings.ts and string-specs.ts: the `Strings` bundles and their specs, the site's one way to read translations (pure).
        to === 'src/shared/strings.ts' ||
        to === 'src/shared/string-specs.ts' ||
        // fill-in.ts and use-fill-in.ts: the fill-in form's model and headless hook, one behaviour for the site's panel and the extension's forms.
        to === 'src/shared/fill-in.ts' ||
        to === 'src/shared/use-fill-in.ts' ||
        (typeOnly && to === 'src/i18n/keys.ts') ||
        /^src\/i18n\/locales\/[^/]+\/[^/]+\.json$/.test(to)
        ? null
        : 'the extension imports only contracts.ts files, the typed client and its own code (it talks to /api over HTTP)';
    }
    if (!isContracts(to) && !isBrowserCode(to)) return 'browser code imports only contracts.ts files and browser code (never server code)';
    if (from.startsWith('src/shared/') && !(to.startsWith('src/shared/') || to.startsWith('src/i18n/') || isContracts(to)))
      return 'src/shared/ runs on both sides: it imports only src/shared/, src/i18n/, contracts and route declarations';
    if (to.startsWith('src/islands/') && !from.startsWith('src/islands/')) return 'only islands import islands (the UI kit is below them)';
    if (from.startsWith('src/ui/') && to.startsWith('src/client/'))
      return "the UI kit (src/ui/) stands below the app: it imports no src/client/ code (the app's HTTP, session and page state)";
    return null;
  }
  if (external) {
    if (to.startsWith('astro:') && (top === 'events' || top === 'modules' || top === 'projections'))
      return 'events/, modules/ and projections/ know nothing of Astro';
    if ((packageOf(to) === 'react' || packageOf(to) === 'react-dom') && (top === 'events' || top === 'modules' || top === 'projections'))
      return 'events/, modules/ and projections/ render nothing';
    return null;
  }
  if (top === 'events') return to.startsWith('events/') ? null : 'events/ imports no project code';
  if (top === 'modules') {
    if (from.endsWith('/contracts.ts') && !to.startsWith(`modules/${second}/`) && to !== PAGING && to !== REFUSAL_KERNEL)
      return 'a module contracts.ts is pure: zod, its own module, the paging schema (events/paging.ts) and the refusals kernel (events/refusals.ts) only';
    if (from.endsWith('/routes.ts')) {
      if (to === ROUTE_KERNEL || to === ID_SCHEMA || to === PAGING || to.startsWith(`modules/${second}/`)) return null;
      return isContracts(to) && typeOnly
        ? null
        : "a module's routes.ts declares its HTTP surface: events/route.ts, events/ids.ts, events/paging.ts, its own module, and other modules' view types (import type) only";
    }
    if (to.startsWith('events/') || to.startsWith(`modules/${second}/`)) return null;
    return 'a module imports events/ and its own folder only (modules talk through events)';
  }
  if (top === 'projections') {
    if (to.startsWith('events/') || isContracts(to)) return null;
    const ownFolder = from.split('/').length > 2 ? `projections/${second}/` : 'projections/';
    if (to.startsWith(ownFolder) || /^projections\/[^/]+\.ts$/.test(to)) return null;
    return 'a projection imports events/, module contracts and its own folder only';
  }
  if (from.startsWith('src/pages/') || from.startsWith('src/components/') || from.startsWith('src/layouts/')) {
    if (to === 'src/server/app.ts' && !typeOnly)
      return 'pages and endpoints get the app from the request middleware (locals), never getApp(): `import type` only from src/server/app.ts';
    if (to.startsWith('src/')) return to.startsWith('src/pages/') && !from.startsWith('src/pages/') ? 'only pages import pages' : null;
    if (isContracts(to) || isModuleIndex(to) || isQueries(to) || isRoutes(to) || to === ROUTE_KERNEL || to === ID_SCHEMA) return null;
    return 'pages import modules/*/index.ts, contracts.ts, routes.ts, events/route.ts and events/ids.ts, projections/*/queries.ts and src/ only (no deep paths)';
  }
  if (from.startsWith('src/')) {
    if (to.startsWith('modules/') && !isContracts(to) && !isModuleIndex(to) && !isRoutes(to))
      return 'src/ reaches a module only through its index.ts, contracts.ts or routes.ts';
    return null;
  }
  return null;
}

/** Every project file's imports (type imports included), as repo paths. */
function importGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const dir of [...SCANNED, 'scripts']) {
    for (const file of files(join(ROOT, dir))) {
      // Comment lines may quote an import (`import('./library')`): they link nothing.
      const code = readFileSync(file, 'utf8').replace(/^\s*(?:\*|\/\/|\/\*).*$/gm, '');
      const edges = importsOf(code)
        .filter(({ specifier }) => specifier.startsWith('.'))
        .map(({ specifier }) => target(file, specifier));
      graph.set(relative(ROOT, file), [...new Set(edges)]);
    }
  }
  return graph;
}

/** The import cycles of a graph: each strongly connected set of more than one file (or a file importing itself), sorted. */
export function importCycles(graph: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  let next = 0;
  const visit = (node: string) => {
    index.set(node, next);
    low.set(node, next++);
    stack.push(node);
    onStack.add(node);
    for (const to of graph.get(node) ?? []) {
      if (!graph.has(to)) continue;
      if (!index.has(to)) {
        visit(to);
        low.set(node, Math.min(low.get(node)!, low.get(to)!));
      } else if (onStack.has(to)) low.set(node, Math.min(low.get(node)!, index.get(to)!));
    }
    if (low.get(node) !== index.get(node)) return;
    const members: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      members.push(member);
    } while (member !== node);
    if (members.length > 1 || (graph.get(node) ?? []).includes(node)) cycles.push(members.sort());
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return cycles;
}

describe('dependency rules', () => {
  it('finds the imports of TypeScript and Astro sources', () => {
    const source = `---\nimport A from '../a';\nimport { b } from "./b";\nexport * from './c';\nconst d = await import('./d');\nimport './e.css';\nimport type { F } from './f';\nimport { type G } from './g';\n---`;
    expect(importsOf(source)).toEqual([
      { specifier: '../a', typeOnly: false },
      { specifier: './b', typeOnly: false },
      { specifier: './c', typeOnly: false },
      { specifier: './d', typeOnly: false },
      { specifier: './e.css', typeOnly: false },
      { specifier: './f', typeOnly: true },
      { specifier: './g', typeOnly: false },
    ]);
  });

  it('wires services through locals: pages take no app from getApp() and import no middleware', () => {
    expect(violation('src/pages/api/prompts/index.ts', 'src/server/app.ts')).not.toBeNull();
    expect(violation('src/pages/dashboard/index.astro', 'src/server/app.ts')).not.toBeNull();
    expect(violation('src/pages/api/prompts/index.ts', 'src/server/app.ts', true)).toBeNull();
    expect(violation('src/pages/api/auth/login.ts', 'src/server/middleware/session.ts')).not.toBeNull();
    expect(violation('src/server/library/index.ts', 'src/server/middleware/session.ts')).not.toBeNull();
    expect(violation('src/middleware.ts', 'src/server/middleware/session.ts')).toBeNull();
    expect(violation('src/pages/api/auth/login.ts', 'src/server/accounts/sessions.ts')).toBeNull();
    expect(usesApp('const devices = await listDevices(Astro.locals.app.db, user.id);')).toBe(true);
    expect(usesApp('const { t, app } = Astro.locals;')).toBe(true);
    expect(usesApp('const { t, user } = Astro.locals;\nawait Astro.locals.catalog.home();')).toBe(false);
  });

  it('finds every read of the environment', () => {
    expectAnswers(readsEnvironment, [
      ["const enabled = process.env.PAGE_CACHE !== '0';", true],
      ['(env = process .env) => env.X', true],
      ['import.meta.env.PUBLIC_X', true],
      ['const { env } = config;', false],
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
    expect(violation('extension/src/lib/i18n.ts', 'src/server/i18n.ts')).not.toBeNull();
    expect(violation('extension/src/lib/i18n.ts', 'src/i18n/locales/en/extension.json')).toBeNull();
    expect(violation('src/pages/index.astro', 'projections/catalog/queries.ts')).toBeNull();
    expect(violation('src/islands/Card.tsx', 'modules/prompts/contracts.ts')).toBeNull();
    expect(violation('src/islands/Card.tsx', 'modules/discussion/limits.ts')).toBeNull();
    expect(violation('modules/discussion/limits.ts', 'zod')).not.toBeNull();
    expect(violation('src/islands/Card.tsx', 'modules/prompts/routes.ts')).not.toBeNull();
    expect(violation('src/client/library.ts', 'src/shared/api-routes.ts')).not.toBeNull();
    expect(violation('src/client/library.ts', 'src/shared/api-routes.ts', true)).toBeNull();
    expect(violation('extension/src/lib/api.ts', 'src/shared/api-client.ts')).toBeNull();
    expect(violation('modules/engagement/routes.ts', 'modules/prompts/contracts.ts')).not.toBeNull();
    expect(violation('modules/engagement/routes.ts', 'modules/prompts/contracts.ts', true)).toBeNull();
    expect(violation('modules/engagement/routes.ts', 'modules/prompts/index.ts', true)).not.toBeNull();
  });

  it('leaves /api paths to the route declarations: islands, the UI kit, client code and the extension spell none', () => {
    const spelled = ['src/islands', 'src/ui', 'src/client', 'src/shared', 'extension/src']
      .flatMap((dir) => files(join(ROOT, dir)))
      .map((file) => relative(ROOT, file))
      .filter((file) => !file.startsWith('src/shared/api-routes.generated/') && file !== 'src/shared/api-routes.ts')
      .flatMap((file) =>
        readFileSync(join(ROOT, file), 'utf8')
          .split('\n')
          .map((line, i) => ({ line: line.replace(/\/\*.*?(\*\/|$)|\/\/.*$|^\s*\*.*$/g, ''), at: `${file}:${i + 1}` }))
          .filter(({ line }) => /['"`]\/api\//.test(line))
          .map(({ at }) => at),
      );
    expect(spelled).toEqual([]);
  });

  it('keeps server code out of the browser, whatever the import kind', () => {
    expect(violation('src/islands/Card.tsx', 'node:crypto')).not.toBeNull();
    expect(violation('src/ui/Avatar.tsx', 'astro:middleware')).not.toBeNull();
    expect(violation('src/client/http.ts', 'postgres')).not.toBeNull();
    expect(violation('src/shared/format.ts', 'pg-boss')).not.toBeNull();
    expect(violation('src/ui/PromptCard.tsx', 'src/server/render/labels.ts')).not.toBeNull();
    expect(violation('src/client/stores.ts', 'src/server/app.ts')).not.toBeNull();
    expect(violation('src/shared/author.ts', 'src/client/http.ts')).not.toBeNull();
    expect(violation('src/ui/Menu.tsx', 'src/islands/Overlays.tsx')).not.toBeNull();
    expect(violation('src/islands/Card.tsx', 'src/server/i18n.ts')).not.toBeNull();
    expect(violation('modules/prompts/commands.ts', 'astro:middleware')).not.toBeNull();
    expect(violation('projections/catalog/projection.ts', 'react')).not.toBeNull();
    expect(violation('src/islands/Card.tsx', '@nanostores/react')).toBeNull();
    expect(violation('src/client/use-form.ts', 'react-i18next')).not.toBeNull();
    expect(violation('src/client/strings.tsx', 'i18next')).not.toBeNull();
    expect(violation('src/shared/client-messages.ts', 'i18next', true)).toBeNull();
    expect(violation('extension/src/lib/i18n.ts', 'src/shared/strings.ts')).toBeNull();
    expect(violation('src/ui/Icon.tsx', 'react/jsx-runtime')).toBeNull();
    expect(violation('src/server/render/inline-scripts.ts', 'node:crypto')).toBeNull();
  });

  it('keeps the UI kit below the app, and translations on the server side', () => {
    expect(violation('src/ui/Toaster.tsx', 'src/client/toast-store.ts')).toMatch(/UI kit .* imports no src\/client\//);
    expect(violation('src/ui/Toaster.tsx', 'src/client/http.ts', true)).not.toBeNull();
    expect(violation('src/client/use-form.ts', 'src/ui/toast-store.ts')).toBeNull();
    expect(violation('src/ui/PromptCard.tsx', 'src/server/i18n.ts')).not.toBeNull();
    expect(violation('src/i18n/keys.ts', 'src/server/i18n.ts')).not.toBeNull();
  });

  it('finds import cycles, type imports included', () => {
    const graph = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts']],
      ['c.ts', ['a.ts']],
      ['d.ts', ['a.ts', 'd.ts']],
      ['e.ts', ['a.ts']],
    ]);
    expect(importCycles(graph)).toEqual([['a.ts', 'b.ts', 'c.ts'], ['d.ts']]);
  });

  it('has no import cycle in the project, type imports included', () => {
    expect(importCycles(importGraph()).map((cycle) => cycle.join(' -> '))).toEqual([]);
  });

  it('src/islands/ holds islands only (React components, one file each)', () => {
    const notIslands = files(join(ROOT, 'src/islands')).filter((f) => !f.endsWith('.tsx'));
    expect(notIslands.map((f) => relative(ROOT, f))).toEqual([]);
  });

  it('holds for every file in the tree', () => {
    const broken: string[] = [];
    for (const dir of SCANNED) {
      for (const file of files(join(ROOT, dir))) {
        const from = relative(ROOT, file);
        for (const { specifier, typeOnly } of importsOf(readFileSync(file, 'utf8'))) {
          const to = target(file, specifier);
          const rule = violation(from, to, typeOnly);
          if (rule) broken.push(`${from} imports ${specifier}: ${rule}`);
        }
      }
    }
    expect(broken).toEqual([]);
  });

  it('reads settings in src/server/config.ts only (the Config it returns is passed on)', () => {
    const readers = SCANNED.flatMap((dir) => files(join(ROOT, dir)))
      .map((file) => relative(ROOT, file))
      .filter((file) => file !== CONFIG_FILE && readsEnvironment(readFileSync(join(ROOT, file), 'utf8')));
    expect(readers).toEqual([]);
  });

  it('builds the Config in the composition root only: no file reads settings when it is imported', () => {
    const callers = SCANNED.flatMap((dir) => files(join(ROOT, dir)))
      .map((file) => relative(ROOT, file))
      .filter((file) => file !== CONFIG_FILE && file !== 'src/server/app.ts' && /\breadConfig\s*\(/.test(readFileSync(join(ROOT, file), 'utf8')));
    expect(callers).toEqual([]);
  });

  it('pages read through the readers on locals, never the app itself (no raw Db in a page)', () => {
    const pages = ['src/pages', 'src/components', 'src/layouts'].flatMap((dir) => files(join(ROOT, dir))).filter((f) => f.endsWith('.astro'));
    expect(pages.filter((file) => usesApp(readFileSync(file, 'utf8'))).map((file) => relative(ROOT, file))).toEqual([]);
  });
});
