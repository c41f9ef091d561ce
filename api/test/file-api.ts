import { afterAll, beforeAll } from 'vitest';
import { startTestApi, type TestApi } from './harness.ts';

/**
 * The API a whole test file shares: started before the file's first test, closed after its last. The
 * object returned stands for it from then on (read it inside tests and hooks, not at import time).
 */
export function testApiForFile(overrides: Record<string, string> = {}): TestApi {
  let started: TestApi | undefined;
  beforeAll(async () => {
    started = await startTestApi(overrides);
  });
  afterAll(async () => {
    await started?.close();
  });
  return new Proxy({} as TestApi, {
    get(_, key) {
      if (!started) throw new Error('The test API is not started yet: use it inside a test or a hook.');
      return Reflect.get(started, key) as unknown;
    },
  });
}
