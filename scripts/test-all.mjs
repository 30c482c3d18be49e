// `npm test`: lint (ESLint + Prettier's check), the type check (astro check, .astro files included) and every
// suite: unit + integration (vitest; PGlite always, PostgreSQL when TEST_DATABASE_URL is set) and the browser
// suite (Playwright in Debian's Chromium, two workers with a server each) against a production build. The build
// comes first (lint beside it); then the rest run at once: the suites spend most of their time waiting on
// servers, databases, timers and the browser, not computing (README "Test it" has the timings). Ends with one
// line: "N passed, N failed".
import './check-node.mjs';
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync } from 'node:fs';
import { buildIfNeeded } from './build-if-needed.mjs';

const OUT_DIR = 'dist-test';
const RESULTS = '.test-results';
rmSync(RESULTS, { recursive: true, force: true });
mkdirSync(RESULTS, { recursive: true });

function run(command, args, env = {}) {
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  return result.status ?? 1;
}

/**
 * Starts a check or suite beside other work, its output into a file (printed by `finish`, so the
 * logs do not interleave).
 */
function runBeside(name, command, args, env = {}) {
  const log = `${RESULTS}/${name}.log`;
  const fd = openSync(log, 'w');
  const child = spawn(command, args, { stdio: ['ignore', fd, fd], env: { ...process.env, ...env } });
  closeSync(fd);
  const status = new Promise((resolve) => child.on('close', (code) => resolve(code ?? 1)));
  return {
    async finish() {
      const code = await status;
      console.log(`\n--- ${name} ---\n${readFileSync(log, 'utf8')}`);
      return code;
    },
  };
}

if (run('bash', ['scripts/install-chromium.sh']) !== 0) {
  console.error('Could not install Chromium for the browser tests.');
  process.exit(1);
}
// Lint is a step of its own: a lint error or an unformatted file fails the run like a failed suite,
// but the suites still run so one report shows everything.
const lint = runBeside('lint', 'npm', ['run', 'lint']);
buildIfNeeded(OUT_DIR);
if (!process.env.TEST_DATABASE_URL) {
  console.log('TEST_DATABASE_URL is not set: the integration suite runs on PGlite only.');
}

const env = { ASTRO_OUT_DIR: OUT_DIR };
// .astro pages are type-checked only by `astro check` (tsc does not read them); after the build,
// which writes the same generated types. The browser suite's log is printed when it ends.
const typecheck = runBeside('typecheck', 'npx', ['astro', 'check', '--minimumSeverity', 'error']);
const browser = runBeside('playwright', 'npx', ['playwright', 'test', '--reporter=list,json'], {
  ...env,
  PLAYWRIGHT_JSON_OUTPUT_NAME: `${RESULTS}/playwright.json`,
});
const vitestStatus = run('npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${RESULTS}/vitest.json`], env);
const lintStatus = await lint.finish();
if (lintStatus !== 0) console.error('\nlint failed: see the ESLint errors or the files Prettier lists above; the suites ran anyway.\n');
const typecheckStatus = await typecheck.finish();
console.log(`\nWaiting for the browser suite (its progress: ${RESULTS}/playwright.log) ...`);
const playwrightStatus = await browser.finish();

let passed = 0;
let failed = 0;
let skipped = 0;
function read(path) {
  return existsSync(path) ? JSON.parse(readFileSync(path, 'utf8')) : null;
}
const vitest = read(`${RESULTS}/vitest.json`);
if (vitest) {
  passed += vitest.numPassedTests;
  failed += vitest.numFailedTests;
  skipped += vitest.numPendingTests + (vitest.numTodoTests ?? 0);
} else failed += 1;
const playwright = read(`${RESULTS}/playwright.json`);
if (playwright) {
  passed += playwright.stats.expected + playwright.stats.flaky;
  failed += playwright.stats.unexpected;
  skipped += playwright.stats.skipped;
} else failed += 1;
if (lintStatus !== 0) failed += 1; // a lint error or an unformatted file fails the run, as one failed check
if (typecheckStatus !== 0) failed += 1; // a type error fails the run, as one failed check
if (vitestStatus !== 0 && failed === 0) failed += 1; // a crash outside any test still fails the run
if (playwrightStatus !== 0 && failed === 0) failed += 1;

// The failed tests' names, last: a log cut to its tail still says what failed.
const failedNames = [];
for (const file of vitest?.testResults ?? []) {
  for (const test of file.assertionResults ?? [])
    if (test.status === 'failed') failedNames.push(`vitest ${file.name.replace(`${process.cwd()}/`, '')} › ${test.fullName}`);
  if (file.status === 'failed' && !(file.assertionResults ?? []).some((t) => t.status === 'failed'))
    failedNames.push(`vitest ${file.name.replace(`${process.cwd()}/`, '')} (the file failed to run)`);
}
const walk = (suite) => {
  for (const spec of suite.specs ?? []) if (!spec.ok) failedNames.push(`playwright ${spec.file}:${spec.line} › ${spec.title}`);
  for (const child of suite.suites ?? []) walk(child);
};
for (const suite of playwright?.suites ?? []) walk(suite);
if (failedNames.length) console.log(`\nFailed:\n${failedNames.map((name) => `  ${name}`).join('\n')}`);

console.log('');
console.log(`lint: ${lintStatus === 0 ? 'no errors' : 'lint failed (ESLint errors, or files `npm run format` would change: see above)'}`);
console.log(`typecheck: ${typecheckStatus === 0 ? 'no errors' : 'errors (see above)'}`);
console.log(`vitest: ${vitest ? `${vitest.numPassedTests} passed, ${vitest.numFailedTests} failed` : 'no results'}`);
console.log(`playwright: ${playwright ? `${playwright.stats.expected} passed, ${playwright.stats.unexpected} failed` : 'no results'}`);
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed === 0 ? 0 : 1);
