import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ScratchDatabase } from '../../db/scratch-database.ts';
import { TestBrowser } from '../../../test/browser.ts';
import { buildUser } from '../../../test/factories.ts';
import { startTestApi, type TestApi } from '../../../test/harness.ts';
import { clientIp, readError } from '../../../test/http.ts';
import { User } from './user.model.ts';
import { createMigratedScratchDatabase } from '../../../test/test-database.ts';

// The rule counts every active admin, so it gets a database of its own where these two are the only ones.
let database: ScratchDatabase;
let api: TestApi;
beforeAll(async () => {
  database = await createMigratedScratchDatabase('blog_scratch_admins');
  api = await startTestApi({ DATABASE_URL: database.url, TRUST_PROXY: '1' });
});
afterAll(async () => {
  await api?.close();
  await database?.drop();
});

describe('the last active admin', () => {
  it('stays when two admins demote or delete each other at the same moment', async () => {
    const PASSWORD = 'Dobre-Hasło1';
    // When the winner's change commits before the loser's request is read, the loser is refused by
    // what that change did to them: a demoted admin fails the role check (403), a deactivated or
    // deleted one has no session any more (401).
    const changes: { method: string; body?: object; refusedEarly: number }[] = [
      { method: 'PATCH', body: { role: 'publisher' }, refusedEarly: 403 },
      { method: 'PATCH', body: { isActive: false }, refusedEarly: 401 },
      { method: 'DELETE', refusedEarly: 401 },
    ];
    for (const { method, body, refusedEarly } of changes) {
      await User.update({ role: 'subscriber' }, { where: { role: 'admin' } });
      const [a, b] = [
        await buildUser({ role: 'admin', password: PASSWORD }),
        await buildUser({ role: 'admin', password: PASSWORD }),
      ];
      const [asA, asB] = [new TestBrowser(api, clientIp()), new TestBrowser(api, clientIp())];
      await asA.signIn(a.username, PASSWORD);
      await asB.signIn(b.username, PASSWORD);
      const results = await Promise.all([
        asA.call(method, `/api/admin/users/${b.id}`, body),
        asB.call(method, `/api/admin/users/${a.id}`, body),
      ]);
      // The loser is refused either by the rule (both passed the checks before either committed)
      // or already before it (the winner's change committed first).
      const [won, lost] = [...results].sort((x, y) => x.status - y.status);
      expect(won!.status).toBe(200);
      expect([refusedEarly, 409]).toContain(lost!.status);
      if (lost!.status === 409) {
        expect((await readError(lost!)).message).toBe(
          'Musi pozostać co najmniej jeden aktywny administrator.',
        );
      }
      expect(await User.count({ where: { role: 'admin', isActive: true } })).toBe(1);
    }
  });
});
