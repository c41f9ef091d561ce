import { afterAll, beforeAll } from 'vitest';
import type { ScratchDatabase } from '../src/db/scratch-database.ts';
import { startTestApi, type TestApi } from './harness.ts';
import { createMigratedScratchDatabase } from './test-database.ts';

/**
 * The API a whole test file shares: started before the file's first test, closed after its last. The
 * object returned stands for it from then on (read it inside tests and hooks, not at import time).
 */
export function testApiForFile(
  overrides: Record<string, string> = {},
  options: Parameters<typeof startTestApi>[1] = {},
): TestApi {
  let started: TestApi | undefined;
  beforeAll(async () => {
    started = await startTestApi(overrides, options);
  });
  afterAll(async () => {
    await started?.close();
  });
  return standIn(() => started);
}

/**
 * testApiForFile on a migrated database of the file's own (`<prefix>_…`), dropped after the API
 * closes: for a file that changes global settings, which other files would see.
 */
export function testApiOnOwnDatabase(prefix: string, overrides: Record<string, string> = {}): TestApi {
  let database: ScratchDatabase | undefined;
  let started: TestApi | undefined;
  beforeAll(async () => {
    database = await createMigratedScratchDatabase(prefix);
    started = await startTestApi({ ...overrides, DATABASE_URL: database.url });
  });
  afterAll(async () => {
    await started?.close();
    await database?.drop();
  });
  return standIn(() => started);
}

function standIn(current: () => TestApi | undefined): TestApi {
  return new Proxy({} as TestApi, {
    get(_, key) {
      const started = current();
      if (!started) throw new Error('The test API is not started yet: use it inside a test or a hook.');
      return Reflect.get(started, key) as unknown;
    },
  });
}
