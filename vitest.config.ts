import { defineConfig } from 'vitest/config';

/**
 * Test files side by side, two at a time: vitest's default is one fewer than the cores, which on CI's two cores
 * ran every file one after another. Each file has its own database (a SQLite directory, a PostgreSQL schema)
 * and each browser file its own server and data directory, so files share nothing.
 */
const WORKERS = 2;

/**
 * One project per kind of test. `npm test` runs all of them but stress; component tests get jsdom,
 * everything that renders PDFs or starts servers runs in Node. Browser journeys run after the rest (group 1),
 * two files at a time as well. Stress runs on its own, one file at a time (CI's last step): its files load the
 * machine on purpose.
 */
export default defineConfig({
  test: {
    testTimeout: 30_000,
    maxWorkers: WORKERS,
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
