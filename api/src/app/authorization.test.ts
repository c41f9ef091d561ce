import { beforeAll, describe, expect, it } from 'vitest';
import type { TestBrowser } from '../../test/browser.ts';
import { testApiForFile } from '../../test/file-api.ts';
import {
  CALLERS,
  type Caller,
  concretePath,
  contractOperationList,
  expected,
  type Fixtures,
  type Operation,
  setUpCallers,
} from '../../test/authorization.fixtures.ts';

let operations: Operation[];
let browsers: Map<Caller, TestBrowser>;
let fixtures: Fixtures;

const api = testApiForFile({ TRUST_PROXY: '1' });
beforeAll(async () => {
  operations = (await contractOperationList()).filter((operation) => operation.access !== 'public');
  ({ browsers, fixtures } = await setUpCallers(api));
});

describe('authorization matrix: every protected operation of the contract × every kind of caller', () => {
  it('covers the admin area of the contract', () => {
    expect(operations.filter((operation) => operation.path.startsWith('/admin/')).length).toBeGreaterThan(30);
    expect(operations.some((operation) => operation.ownerOnly)).toBe(true);
  });

  for (const caller of CALLERS) {
    it(`answers ${caller} exactly as the roles table says`, async () => {
      const browser = browsers.get(caller)!;
      const mismatches: string[] = [];
      // Reads first and deletions last, so an allowed deletion cannot turn a later call into a 404.
      const ordered = [...operations].sort((a, b) => rank(a.method) - rank(b.method));
      for (const operation of ordered) {
        // Another's object: a post, or a category holding another author's post and a subscription.
        if (
          caller === 'publisher on another’s post' &&
          !operation.ownerOnly &&
          !operation.path.startsWith('/admin/posts/{id}')
        )
          continue;
        const want = expected(operation, caller);
        const body = operation.method === 'GET' ? undefined : {};
        const path = `${operation.base}${concretePath(operation, caller, fixtures)}`;
        const res = await browser.call(operation.method, path, body);
        const got = res.status;
        // Allowed means the handler ran: not refused, not a server error, not a 501 "not built".
        const ok = want === 'allowed' ? got !== 401 && got !== 403 && got < 500 : got === want;
        if (!ok) mismatches.push(`${operation.method} ${operation.path}: expected ${want}, got ${got}`);
      }
      expect(mismatches).toEqual([]);
    });
  }
});

const rank = (method: string) => (method === 'GET' ? 0 : method === 'DELETE' ? 2 : 1);
