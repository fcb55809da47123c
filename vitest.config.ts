import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { defineConfig } from 'vitest/config';

/**
 * Test files side by side, two at a time: vitest's default is one fewer than the cores, which on CI's two cores
 * ran every file one after another. Each file has its own database (a SQLite directory, a PostgreSQL schema)
 * and each browser file its own server and data directory, so files share nothing.
 */
const WORKERS = 2;

/**
 * The files whose time grows with the bill types (each walks every type in a browser): they start first in their
 * group. Vitest's order on a fresh clone (no timings cached) is by project name, then file size, which started the
 * built Storybook (2.5 minutes on CI) last of the first group, while the other worker sat idle until it ended.
 */
const LONGEST = [
  'tests/storybook/built-storybook.test.ts',
  'tests/e2e/journeys/journeys.test.ts',
  'tests/e2e/phone-screens.test.ts',
  'tests/e2e/lists.test.ts',
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

/**
 * One project per kind of test. `npm test` runs all of them but stress; component tests get jsdom,
 * everything that renders PDFs or starts servers runs in Node. Browser journeys run after the rest (group 1),
 * two files at a time as well. Stress runs on its own (CI's last step), one file at a time: its files load both
 * cores on purpose, and two at a time took 240 s against 202 s one after another.
 */
export default defineConfig({
  test: {
    testTimeout: 30_000,
    maxWorkers: WORKERS,
    sequence: { sequencer: LongestFirst },
    projects: [
      { extends: true, test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], environment: 'node' } },
      { extends: true, test: { name: 'api', include: ['tests/api/**/*.test.ts'], environment: 'node' } },
      { extends: true, test: { name: 'pdf', include: ['tests/pdf/**/*.test.ts'], environment: 'node' } },
      {
        extends: true,
        test: { name: 'component', include: ['tests/component/**/*.test.{ts,tsx}'], environment: 'jsdom' },
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
          sequence: { groupOrder: 1 },
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
          fileParallelism: false,
          testTimeout: 600_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
