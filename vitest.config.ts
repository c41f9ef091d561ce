import { defineConfig } from 'vitest/config';

/**
 * The api and web files run two at a time (each api worker has a database of its own, see
 * infra/src/test/global-setup.ts); e2e files run one at a time after them, alone on the machine,
 * since a browser journey's timing is what a loaded 2-core machine breaks first.
 */
const workers = Number(process.env.TEST_WORKERS ?? 2);

/**
 * One run, three projects: `api` (api, worker and infra code against real PostgreSQL and Redis),
 * `web` (components and form logic under jsdom) and `e2e` (Chromium driven by Playwright against
 * the real, built product). Service setup lives in infra/src/test/global-setup.ts.
 */
export default defineConfig({
  test: {
    reporters: ['default'],
    projects: [
      {
        test: {
          name: 'api',
          environment: 'node',
          env: { LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent' },
          include: [
            'api/src/**/*.test.ts',
            'worker/src/**/*.test.ts',
            'infra/src/**/*.test.ts',
            'openapi/src/**/*.test.ts',
          ],
          globalSetup: ['infra/src/test/global-setup.ts'],
          testTimeout: 20_000,
          hookTimeout: 60_000,
          maxWorkers: workers,
        },
      },
      {
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['web/src/**/*.test.{ts,tsx}'],
          setupFiles: ['web/src/test/setup.ts'],
          maxWorkers: workers,
        },
      },
      {
        test: {
          name: 'e2e',
          environment: 'node',
          env: { LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent' },
          include: ['e2e/**/*.test.ts'],
          globalSetup: ['infra/src/test/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // A page that renders in 100 ms on a quiet machine can take seconds on a loaded 2-core one:
          // expect.poll waits up to 10 s (vitest's default is 1 s), still failing fast on a wrong page.
          expect: { poll: { timeout: 10_000 } },
          fileParallelism: false,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
