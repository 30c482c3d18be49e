// ESLint flat config. Rules are here to catch bugs; layout is Prettier's job (eslint-config-prettier
// comes last and switches off every stylistic rule that would argue with it).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import astro from 'eslint-plugin-astro';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y-x';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import prettier from 'eslint-config-prettier';
import globals from 'globals';

export default tseslint.config(
  {
    // Build output, data and reports: generated, not ours to lint.
    ignores: [
      'dist/**',
      'dist-*/**',
      'extension/dist/**',
      'data/**',
      'public/**',
      'node_modules/**',
      'test-results/**',
      'playwright-report/**',
      '.test-results/**',
      '.astro/**',
      'tmp/**',
    ],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  astro.configs['flat/recommended'],
  // Astro's wrapper runs the same a11y rules inside .astro templates (jsx-a11y-x: see below).
  astro.configs['flat/jsx-a11y-recommended'],
  {
    languageOptions: {
      ecmaVersion: 'latest',
      sourceType: 'module',
      // One tree holds server code, browser islands, the extension and Node scripts; the
      // architecture test already keeps them apart, so both sets of globals are allowed.
      globals: { ...globals.node, ...globals.browser },
    },
    linterOptions: { reportUnusedDisableDirectives: 'warn' },
    rules: {
      // `_name` marks a parameter or binding kept on purpose (a signature to honour, a rest sibling).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
    },
  },
  {
    // jsx-a11y-x is the maintained fork that supports ESLint 10 (eslint-plugin-jsx-a11y 6.x caps
    // its peer at ESLint 9); same rules, same recommended set.
    files: ['**/*.tsx'],
    ...jsxA11y.configs.recommended,
    rules: {
      ...jsxA11y.configs.recommended.rules,
      // Focus moved on purpose into the first field of a dialog or a form page goes through the
      // kit's components (Field): a raw element taking focus on its own is still reported.
      'jsx-a11y-x/no-autofocus': ['error', { ignoreNonDOM: true }],
    },
  },
  {
    // React code only: the server, modules and tests have functions named use* that are not hooks
    // (usePlanStreams, useStream, Playwright's `use` fixture) and would be reported as hook misuse.
    files: ['src/islands/**/*.{ts,tsx}', 'src/ui/**/*.{ts,tsx}', 'src/client/**/*.{ts,tsx}', 'extension/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    // Only the two classic rules: a hook called conditionally or a stale dependency is a real bug.
    // The React Compiler rules in react-hooks 7's `recommended` target code written for the compiler,
    // which this project does not use.
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    files: ['**/*.ts', '**/*.tsx', '**/*.mjs', '**/*.js'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ alwaysTryTypes: true })],
      'import-x/extensions': ['.ts', '.tsx', '.mjs', '.js'],
    },
    rules: {
      // A cycle between modules means initialisation order decides whether a binding is defined.
      // Type-only imports vanish at build time, so they cannot form a runtime cycle.
      'import-x/no-cycle': ['error', { ignoreExternal: true, allowUnsafeDynamicCyclicDependency: false }],
    },
  },
  {
    // Tests read JSON answers of every shape and Playwright fixtures; typing each would only restate them.
    files: ['tests/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  prettier,
);
