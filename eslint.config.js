import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Imports each layer may not make (DESIGN.md: app -> engine; server -> engine, pdf; pdf -> engine core). */
const NODE_BUILTINS = ['node:*', 'fs', 'path', 'os', 'crypto', 'child_process', 'url', 'module', 'stream', 'http', 'https'];
const REACT = ['react', 'react-dom', 'react-dom/*', 'react/*', '@rjsf/*', 'react-router', 'react-router-dom', 'react-hot-toast', '@tanstack/react-*'];
const APP = ['**/app', '**/app/*', '**/app/**'];

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
  forbid(['src/app/**'], [...NODE_BUILTINS, '**/server/**', '**/pdf/**'], 'The app runs in the browser: no Node built-ins, no server, no pdf.'),
);
