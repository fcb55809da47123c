import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { defineConfig } from 'vitest/config';

/**
 * Test files side by side, two at a time: vitest's default is one fewer than the cores, which on CI's two cores
 * ran every file one after another. Two keep both cores busy (the Node suites used 88% of them on a quiet machine);
 * with a third, tried on a loaded machine, a browser file and the built Storybook timed out. Each file has its own database (a SQLite directory,
 * a PostgreSQL schema); each browser file has its own app and data directory in the run's one app host, on the run's
 * one Chromium, so files share no data.
 */
const WORKERS = 2;

/**
 * The longest files, longest first (CI's times, docs/testing.md): most walk every bill type in a browser. They start
 * before the others so that no long file is left running alone at the end. Vitest's order on a fresh clone (no
 * timings cached) is by project name, then file size, which once started the built Storybook last while the other
 * workers sat idle until it ended.
 */
const LONGEST = [
  'tests/e2e/journeys/journeys.test.ts',
  'tests/storybook/built-storybook.test.ts',
  'tests/e2e/lists.test.ts',
  'tests/e2e/journeys/bill-entry.test.ts',
  'tests/e2e/phone-screens.test.ts',
  'tests/e2e/never-lose-a-bill.test.ts',
  'tests/storybook/stories.test.tsx',
  'tests/e2e/menus.test.ts',
];

class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (file: TestSpecification) => {
      const long = LONGEST.findIndex((path) => file.moduleId.endsWith(path));
      return long < 0 ? LONGEST.length : long;
    };
    const group = (file: TestSpecification) => file.project.config.sequence.groupOrder;
    // Array.prototype.sort is stable: within a group and rank, vitest's own order stays.
    return (await super.sort(files)).sort((a, b) => group(a) - group(b) || rank(a) - rank(b));
  }
}

/** The suites that spawn the compiled server or its CLIs: dist/ is brought up to date once before their files run. */
const BUILT_APP = ['tests/support/built-app.ts'];

/**
 * The Node suites that build their own server and storage in the test file: a worker keeps the modules it loaded
 * for its next file (isolate: false), instead of importing the whole server again for each of about 90 files.
 * Nothing they share is mutable: each file opens its own storage and app.
 */
const SHARED_MODULES = { isolate: false };

/**
 * One project per kind of test. `npm test` runs all of them but stress, in one group: the browser files, which take
 * longest, start first (LONGEST), and the API and component files fill the cores around them. Component tests get
 * jsdom, everything that renders PDFs or starts servers runs in Node. Stress runs on its own (CI's last step), one
 * file at a time: its files load both cores on purpose, and two at a time took 240 s against 202 s one after another.
 */
export default defineConfig({
  test: {
    testTimeout: 30_000,
    maxWorkers: WORKERS,
    sequence: { sequencer: LongestFirst },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts'],
          environment: 'node',
          ...SHARED_MODULES,
        },
      },
      {
        extends: true,
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          globalSetup: BUILT_APP,
          ...SHARED_MODULES,
        },
      },
      {
        extends: true,
        test: {
          name: 'pdf',
          include: ['tests/pdf/**/*.test.ts'],
          environment: 'node',
          ...SHARED_MODULES,
        },
      },
      {
        extends: true,
        test: {
          name: 'component',
          include: ['tests/component/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
        },
      },
      {
        extends: true,
        test: {
          name: 'storybook',
          include: ['tests/storybook/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          testTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          // A worker keeps playwright-core and the support modules for its next file; each file still gets its own
          // app and contexts (the one module-level map, session.ts's tokens, is checked before each use).
          ...SHARED_MODULES,
          // After the build: the app host loads the compiled server once for every browser file's app.
          globalSetup: [...BUILT_APP, 'tests/e2e/support/app-host-setup.ts', 'tests/e2e/support/shared-chromium.ts'],
          testTimeout: 180_000,
          hookTimeout: 180_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'stress',
          include: ['tests/stress/**/*.test.ts'],
          environment: 'node',
          globalSetup: BUILT_APP,
          sequence: { groupOrder: 1 },
          fileParallelism: false,
          testTimeout: 600_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
