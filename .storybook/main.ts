import { execFileSync } from 'node:child_process';
import { utimesSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import type { StorybookConfig } from '@storybook/react-vite';
import type { BillTypeStoriesIndex, BillTypeStoriesModule } from './bill-type-index';

/**
 * The stories of every bill type come from the registry (see bill-type-index.ts), read by tsx in a
 * child process: Storybook loads this file with a loader that cannot follow the project's
 * extensionless TypeScript imports, and warns about each one it meets.
 */
function readIndex(): BillTypeStoriesIndex {
  return JSON.parse(
    execFileSync(join(import.meta.dirname, '../node_modules/.bin/tsx'), [join(import.meta.dirname, 'bill-type-index.ts')], {
      encoding: 'utf8',
    }),
  );
}

const SCHEMAS_DIR = join(import.meta.dirname, '../schemas');
const { storiesFile, modules: firstModules } = readIndex();
let modules: BillTypeStoriesModule[] = firstModules;
let codeOf = new Map(modules.map((module) => [module.importPath, module.code]));
/** A schema file changed since the bill types were read: read them again at the next indexing. */
let schemasChanged = false;

function billTypeEntries() {
  if (schemasChanged) {
    schemasChanged = false;
    modules = readIndex().modules;
    codeOf = new Map(modules.map((module) => [module.importPath, module.code]));
  }
  return modules.flatMap((module) => module.entries);
}

/**
 * While `npm run storybook` runs, a bill file added, removed or edited under schemas/ re-indexes the bill
 * type stories: touching their story module is what makes Storybook index it again (its own file watcher
 * then refreshes the sidebar), and the indexer above reads schemas/ afresh.
 */
function onSchemaFile(file: string): void {
  const path = relative(SCHEMAS_DIR, file);
  if (path.startsWith('..') || path.startsWith(`meta${sep}`) || !path.endsWith('.json')) return;
  schemasChanged = true;
  const now = new Date();
  utimesSync(storiesFile, now, now);
}

const config: StorybookConfig = {
  framework: '@storybook/react-vite',
  stories: ['../src/stories/**/*.stories.tsx', storiesFile],
  core: { disableTelemetry: true },
  // No docs pages here, so no component documentation to extract.
  typescript: { reactDocgen: false },
  experimental_indexers: async (existing) => [
    { test: /[\\/]bill-types[\\/]bill-type-stories\.tsx$/, createIndex: async () => billTypeEntries() },
    ...(existing ?? []),
  ],
  viteFinal: async (viteConfig) => ({
    ...viteConfig,
    plugins: [
      ...(viteConfig.plugins ?? []),
      {
        name: 'bill-type-stories',
        resolveId: (id: string) => (codeOf.has(id) ? `\0${id}` : undefined),
        load: (id: string) => (id.startsWith('\0') ? codeOf.get(id.slice(1)) : undefined),
        configureServer(server: { watcher: { add(path: string): void; on(event: string, listener: (file: string) => void): void } }) {
          server.watcher.add(SCHEMAS_DIR);
          for (const event of ['add', 'change', 'unlink']) server.watcher.on(event, onSchemaFile);
        },
      },
    ],
  }),
};

export default config;
