import { defineConfig } from 'vitest/config';

/**
 * One project per kind of test. `npm test` runs all of them but stress; component tests get jsdom,
 * everything that renders PDFs or starts servers runs in Node; browser journeys run one file at a time.
 */
export default defineConfig({
  test: {
    testTimeout: 30_000,
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
          fileParallelism: false,
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
