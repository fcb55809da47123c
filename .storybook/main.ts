import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import type { StorybookConfig } from '@storybook/react-vite';
import type { BillTypeStoriesIndex } from './bill-type-index';

/**
 * The stories of every bill type come from the registry (see bill-type-index.ts), read by tsx in a
 * child process: Storybook loads this file with a loader that cannot follow the project's
 * extensionless TypeScript imports, and warns about each one it meets.
 */
const { storiesFile, modules }: BillTypeStoriesIndex = JSON.parse(
  execFileSync(join(import.meta.dirname, '../node_modules/.bin/tsx'), [join(import.meta.dirname, 'bill-type-index.ts')], {
    encoding: 'utf8',
  }),
);
const codeOf = new Map(modules.map((module) => [module.importPath, module.code]));

const config: StorybookConfig = {
  framework: '@storybook/react-vite',
  stories: ['../src/stories/**/*.stories.tsx', storiesFile],
  core: { disableTelemetry: true },
  // No docs pages here, so no component documentation to extract.
  typescript: { reactDocgen: false },
  experimental_indexers: async (existing) => [
    { test: /[\\/]bill-types[\\/]bill-type-stories\.tsx$/, createIndex: async () => modules.flatMap((module) => module.entries) },
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
      },
    ],
  }),
};

export default config;
