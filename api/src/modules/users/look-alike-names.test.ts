// Names that look like another account's (equal confusable skeletons, UTS #39: 'аdmin' with a
// Cyrillic „а” and 'admin') are refused at registration and on the admin's users screen, and an
// import gives such an author another username and says so. A database of its own: the file needs an
// account called 'admin'.
import { ACCOUNT_MESSAGES } from '@blog/shared/rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ScratchDatabase } from '../../db/scratch-database.ts';
import { TestBrowser } from '../../../test/browser.ts';
import { buildUser, uniqueSuffix } from '../../../test/factories.ts';
import { startTestApi, type TestApi } from '../../../test/harness.ts';
import { clientIp, readError } from '../../../test/http.ts';
import { signedInAs } from '../../../test/signed-in.ts';
import { createMigratedScratchDatabase } from '../../../test/test-database.ts';
import { imageStorageFor } from '../images/image-storage.ts';
import { importDocument, importTargetOf } from '../transfer/importer.service.ts';
import { emptyDocument } from '../transfer/transfer-document.ts';
import { User } from './user.model.ts';

/** 'аdmin' with U+0430 CYRILLIC SMALL LETTER A: looks exactly like 'admin'. */
const CYRILLIC_ADMIN = '\u0430dmin';
const PASSWORD = 'Dobre-Hasło1';

let database: ScratchDatabase;
let api: TestApi;
let admin: TestBrowser;

beforeAll(async () => {
  database = await createMigratedScratchDatabase('blog_scratch_lookalike');
  api = await startTestApi({ DATABASE_URL: database.url, TRUST_PROXY: '1' });
  if (!(await User.findOne({ where: { username: 'admin' } })))
    await buildUser({ username: 'admin', displayName: null, role: 'admin' });
  admin = await signedInAs(api, 'admin');
}, 60_000);
afterAll(async () => {
  await api?.close();
  await database?.drop();
});

const register = (fields: { username: string; displayName?: string }) => {
  const suffix = uniqueSuffix();
  return new TestBrowser(api, clientIp()).call('POST', '/api/register', {
    email: `czytelnik-${suffix}@example.com`,
    password: PASSWORD,
    ...fields,
  });
};

describe('look-alike names', () => {
  it('are refused at registration: a username or display name that looks like an account’s name', async () => {
    const lookAlike = await register({ username: CYRILLIC_ADMIN });
    expect(lookAlike.status).toBe(409);
    expect(await readError(lookAlike)).toEqual({
      error: 'conflict',
      field: 'username',
      message: 'Ta nazwa użytkownika jest zbyt podobna do istniejącej.',
    });
    // Capitals and letter pairs that pass for one count too: a Cyrillic „А” in capitals, 'rn' for 'm'.
    expect((await register({ username: '\u0410DMIN' })).status).toBe(409);
    expect((await register({ username: 'adrnin' })).status).toBe(409);
    const display = await register({ username: `czytelnik-${uniqueSuffix()}`, displayName: 'Admin' });
    expect(display.status).toBe(409);
    expect(await readError(display)).toMatchObject({
      field: 'displayName',
      message: ACCOUNT_MESSAGES.displayNameConfusable,
    });
    expect(await User.count({ where: { username: [CYRILLIC_ADMIN, '\u0410DMIN', 'adrnin'] } })).toBe(0);
    // Polish letters are letters of their own: 'łukasz' is not 'lukasz'.
    const tag = uniqueSuffix();
    expect((await register({ username: `lukasz-${tag}` })).status).toBe(201);
    expect((await register({ username: `łukasz-${tag}` })).status).toBe(201);
  });

  it('lets only one of two look-alike registrations sent at once through', async () => {
    const tag = uniqueSuffix().replace(/\d/g, 'x');
    const answers = await Promise.all([
      register({ username: `ola-${tag}` }),
      register({ username: `\u043Ela-${tag}` }), // a Cyrillic „о”
    ]);
    expect(answers.map((res) => res.status).sort()).toEqual([201, 409]);
  });

  it('are refused on the users screen: creating such an account, or renaming one to look like another', async () => {
    const created = await admin.call('POST', '/api/admin/users', {
      username: CYRILLIC_ADMIN,
      email: `podobny-${uniqueSuffix()}@example.com`,
    });
    expect(created.status).toBe(409);
    expect((await readError(created)).message).toBe(ACCOUNT_MESSAGES.usernameConfusable);

    const user = await buildUser({ role: 'publisher' });
    const renamed = await admin.call('PATCH', `/api/admin/users/${user.id}`, { displayName: CYRILLIC_ADMIN });
    expect(renamed.status).toBe(409);
    expect(await readError(renamed)).toMatchObject({
      field: 'displayName',
      message: ACCOUNT_MESSAGES.displayNameConfusable,
    });
    expect((await User.findByPk(user.id))?.displayName).toBe(user.displayName);
    // Its own username is no other account's: a display name like it is fine.
    const own = await admin.call('PATCH', `/api/admin/users/${user.id}`, {
      displayName: user.username.toUpperCase(),
    });
    expect(own.status).toBe(200);
  });

  it('get another username on import, reported, and the account stays inactive', async () => {
    const document = emptyDocument('blog', `https://podobny-${uniqueSuffix()}.example`);
    document.authors.push({ sourceId: '1', username: CYRILLIC_ADMIN, email: null, displayName: 'Admin' });
    const report = await importDocument(importTargetOf(api.runtime), imageStorageFor(api.config), document);
    expect(report.accounts).toEqual([
      expect.objectContaining({
        outcome: 'created',
        username: `${CYRILLIC_ADMIN}-2`,
        renamedFrom: CYRILLIC_ADMIN,
        renameReason: 'lookAlike',
        displayName: 'Admin (2)',
        displayNameFrom: 'Admin',
        state: 'inactive',
      }),
    ]);
    expect(await User.findOne({ where: { username: `${CYRILLIC_ADMIN}-2` } })).toMatchObject({
      isActive: false,
      importPending: true,
    });
  });
});
