import { defineConfig } from 'vitest/config';

/**
 * Files run two at a time, each worker on a database of its own (infra/src/test/global-setup.ts):
 * first the api and web files, then the e2e files by themselves (`TEST_E2E_WORKERS=1` runs those
 * one at a time, should a browser journey's timing ever need the machine to itself).
 */
const workers = Number(process.env.TEST_WORKERS ?? 2);
const e2eWorkers = Number(process.env.TEST_E2E_WORKERS ?? 2);

/**
 * One run, three projects: `api` (api, worker and infra code against real PostgreSQL and Redis),
 * `web` (components and form logic under jsdom) and `e2e` (Chromium driven by Playwright against
 * the real, built product). Service setup lives in infra/src/test/global-setup.ts. Tests sit beside
 * their code in the src folders; test support (harnesses, factories, fixtures, scenarios, fuzz code)
 * and the tests of the whole app live in api/test and worker/test, which the product never imports.
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
            'api/test/**/*.test.ts',
            'worker/src/**/*.test.ts',
            'worker/test/**/*.test.ts',
            'infra/src/**/*.test.ts',
            'shared/src/**/*.test.ts',
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
          setupFiles: ['web/test/setup.ts'],
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
          maxWorkers: e2eWorkers,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
