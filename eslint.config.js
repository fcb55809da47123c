import js from '@eslint/js';
import checkFile from 'eslint-plugin-check-file';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Imports each layer may not make (DESIGN.md: app -> engine; server -> engine, pdf; pdf -> engine core). */
const NODE_BUILTINS = ['node:*', 'fs', 'path', 'os', 'crypto', 'child_process', 'url', 'module', 'stream', 'http', 'https'];
const REACT = ['react', 'react-dom', 'react-dom/*', 'react/*', '@rjsf/*', 'react-router', 'react-router-dom', 'react-hot-toast', '@tanstack/react-*'];
const APP = ['**/app', '**/app/*', '**/app/**'];

/**
 * File names as the tree writes them: kebab-case modules (`row-ops.ts`), React components in PascalCase
 * (`BillEditor.tsx`), hooks as `useSomething`; `.test`, `.stories` and `.d` are middle extensions.
 */
const KEBAB = '+([a-z0-9])*(-+([a-z0-9]))';
const HOOK = 'use+([A-Z])*([A-Za-z0-9])';
const COMPONENT = '+([A-Z])*([A-Za-z0-9])';

function forbid(files, groups, message) {
  return {
    files,
    rules: { 'no-restricted-imports': ['error', { patterns: [{ group: groups, message }] }] },
  };
}

export default tseslint.config(
  { ignores: ['dist/**', 'storybook-static/**', 'src/generated/**', 'node_modules/**', 'coverage/**', '.test-artifacts/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'scripts/**/*.{ts,tsx}', 'tests/**/*.{ts,tsx}', '.storybook/**/*.{ts,tsx}'],
    ignores: ['src/generated/**'],
    plugins: { 'check-file': checkFile },
    rules: {
      'check-file/filename-naming-convention': [
        'error',
        { '**/*.ts': `@(${KEBAB}|${HOOK})`, '**/*.tsx': `@(${KEBAB}|${HOOK}|${COMPONENT})` },
        { ignoreMiddleExtensions: true },
      ],
      'check-file/folder-naming-convention': ['error', { '{src,scripts,tests}/**/': 'KEBAB_CASE' }],
    },
  },
  // Tests poke at payload shapes the types deliberately forbid.
  { files: ['tests/**'], rules: { '@typescript-eslint/no-explicit-any': 'off' } },
  forbid(
    ['src/engine/core/**'],
    [...NODE_BUILTINS, ...REACT, ...APP, '**/engine/react', '**/engine/react/**', '**/server/**', '**/pdf/**'],
    'The engine core runs in the browser and in Node: no Node built-ins, no React, no app, server or pdf.',
  ),
  forbid(
    ['src/engine/react/**'],
    [...NODE_BUILTINS, ...APP, '**/server/**', '**/pdf/**'],
    'The engine React side runs in the browser: no Node built-ins, no app, server or pdf.',
  ),
  forbid(['src/pdf/**'], [...REACT, ...APP, '**/server/**'], 'PDF documents depend on the engine core only.'),
  forbid(['src/server/**'], [...REACT, ...APP], 'The server never imports React or the app.'),
  {
    files: ['src/stories/**', '.storybook/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)app/(?!styles/)',
              message: 'Stories use the app only through its public module, src/app/index.ts (and its styles).',
            },
          ],
        },
      ],
    },
  },
  forbid(['src/app/**'], [...NODE_BUILTINS, '**/server/**', '**/pdf/**'], 'The app runs in the browser: no Node built-ins, no server, no pdf.'),
);
