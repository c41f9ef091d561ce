// Unicode normalization at the boundary, over HTTP: look-alike spellings (NFD, NBSP, zero-width
// characters) of a name already taken are duplicates, a password opens the account in either form,
// and a search finds NFC text whatever form the query arrives in.
import type { AdminPostPage, PostDetail, PostSummary } from '@blog/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkPassword } from '../modules/auth/password.ts';
import { Category } from '../modules/categories/category.model.ts';
import { User } from '../modules/users/user.model.ts';
import { TestBrowser } from '../../test/browser.ts';
import { buildCategory, buildPost, buildTag, buildUser, uniqueSuffix } from '../../test/factories.ts';
import { startTestApi, type TestApi } from '../../test/harness.ts';
import { clientIp, readError } from '../../test/http.ts';
import { signedInAs } from '../../test/signed-in.ts';

let api: TestApi;
let admin: TestBrowser;

beforeAll(async () => {
  api = await startTestApi({ TRUST_PROXY: '1' });
  admin = await signedInAs(api, 'admin');
});
afterAll(async () => {
  await api?.close();
});

const nfd = (text: string) => text.normalize('NFD');
/** A suffix of letters only: the look-alike spellings below must differ from the original in nothing else. */
const letters = () => uniqueSuffix().replace(/[^a-z]/g, '') || 'x';
/** Every registration from an address of its own: the per-address limits stay out of the way. */
const register = (body: object) => new TestBrowser(api, clientIp()).call('POST', '/api/register', body);
const PASSWORD = 'Zażółć1!';

describe('registration', () => {
  it('refuses an NFD or NBSP spelling of a taken username as taken, and stores NFC', async () => {
    const suffix = uniqueSuffix();
    const username = `Ąna ${suffix}`;
    const first = await register({ username, email: `ana-${suffix}@example.com`, password: PASSWORD });
    expect(first.status).toBe(201);
    // 'A' + combining ogonek, and a no-break space instead of the space: the same name to a reader.
    for (const lookAlike of [`A\u0328na ${suffix}`, `Ąna\u00A0${suffix}`, `Ąna\u2009${suffix}`]) {
      const res = await register({
        username: lookAlike,
        email: `ana-${uniqueSuffix()}@example.com`,
        password: PASSWORD,
      });
      expect(res.status).toBe(409);
      expect(await readError(res)).toMatchObject({
        field: 'username',
        message: 'Ta nazwa użytkownika jest już zajęta',
      });
    }
    const stored = await User.findAll({ where: { email: `ana-${suffix}@example.com` } });
    expect(stored.map((user) => user.username)).toEqual([username]);
  });

  it('refuses an e-mail address with a zero-width character as the same address', async () => {
    const email = `zw-${uniqueSuffix()}@example.com`;
    expect((await register({ username: `zw-${uniqueSuffix()}`, email, password: PASSWORD })).status).toBe(
      201,
    );
    const res = await register({
      username: `zw-${uniqueSuffix()}`,
      email: `${email}\u200B`,
      password: PASSWORD,
    });
    expect(res.status).toBe(409);
    expect(await readError(res)).toMatchObject({ field: 'email' });
  });
});

describe('passwords', () => {
  it('signs in with the NFD form of a password registered in NFC, and the other way round', async () => {
    const nfcName = `nfc-${uniqueSuffix()}`;
    const nfdName = `nfd-${uniqueSuffix()}`;
    for (const [username, password] of [
      [nfcName, PASSWORD],
      [nfdName, nfd(PASSWORD)],
    ] as const) {
      const res = await register({ username, email: `${username}@example.com`, password });
      expect(res.status).toBe(201);
    }
    const browser = new TestBrowser(api, clientIp());
    await browser.signIn(nfcName, nfd(PASSWORD));
    await browser.signIn(nfdName, PASSWORD);
    // One hash, made from the NFC form, whatever form the password was typed in.
    const user = await User.findOne({ where: { username: nfdName } });
    expect(await checkPassword(user!.passwordHash, PASSWORD)).toBe('current');
  });

  it('opens an account hashed from NFD before normalization, and rehashes it from NFC', async () => {
    // As hashed before normalization: argon2 of the NFD bytes themselves (hashPassword would take NFC).
    const argon2 = await import('@node-rs/argon2');
    const user = await buildUser({ passwordHash: await argon2.hash(nfd(PASSWORD)) });
    const browser = new TestBrowser(api, clientIp());
    await browser.signIn(user.username, PASSWORD);
    await user.reload();
    expect(await checkPassword(user.passwordHash, PASSWORD)).toBe('current');
    // Still refused with a wrong password.
    const wrong = await new TestBrowser(api, clientIp()).call('POST', '/api/login', {
      username: user.username,
      password: 'Zażółć2!',
    });
    expect(wrong.status).toBe(401);
  });

  it('changes a password when the current one is typed in the other form', async () => {
    const username = `zmiana-${uniqueSuffix()}`;
    const browser = new TestBrowser(api, clientIp());
    await buildUser({ username, password: PASSWORD });
    await browser.signIn(username, PASSWORD);
    const res = await browser.call('POST', '/api/user/password', {
      currentPassword: nfd(PASSWORD),
      newPassword: 'Źdźbło-2024',
      confirmPassword: nfd('Źdźbło-2024'),
    });
    expect(res.status).toBe(200);
    await new TestBrowser(api, clientIp()).signIn(username, nfd('Źdźbło-2024'));
  });
});

describe('categories', () => {
  it('refuses NFD, NBSP and zero-width spellings of a taken name as duplicates', async () => {
    const name = `Kategoria Wyścig ${letters()}`;
    const created = await admin.call('POST', '/api/admin/categories', { name });
    expect(created.status).toBe(201);
    const lookAlikes = [
      nfd(name),
      name.replace(' ', '\u00A0'),
      `${name}\u200B`,
      `\uFEFF${name}`,
      name.replace('W', '\u2060W'),
    ];
    for (const lookAlike of lookAlikes) {
      const res = await admin.call('POST', '/api/admin/categories', { name: lookAlike });
      expect(res.status).toBe(409);
      expect(await readError(res)).toMatchObject({ message: 'Kategoria o tej nazwie już istnieje.' });
    }
    const other = await buildCategory();
    const renamed = await admin.call('PATCH', `/api/admin/categories/${other.id}`, { name: nfd(name) });
    expect(renamed.status).toBe(409);
    expect(await Category.count({ where: { name } })).toBe(1);
  });

  it('stores a name in NFC with plain spaces', async () => {
    const name = `Żółta\u00A0kategoria\u200B ${letters()}`;
    const res = await admin.call('POST', '/api/admin/categories', { name: nfd(name) });
    expect(res.status).toBe(201);
    expect(((await res.json()) as { name: string }).name).toBe(
      name.replace('\u00A0', ' ').replace('\u200B', ''),
    );
  });
});

describe('post tags and slugs', () => {
  const postForm = (input: object) => {
    const form = new FormData();
    form.set('postData', JSON.stringify(input));
    return form;
  };
  const input = (overrides: object = {}) => {
    const suffix = uniqueSuffix();
    return {
      title: `Wpis o wyścigu ${suffix}`,
      slug: `wpis-o-wyscigu-${suffix}`,
      content: '<p>Treść wpisu o wyścigu, dość długa.</p>',
      ...overrides,
    };
  };

  it('gives one post one tag for the NFC, NFD and zero-width spellings of a name', async () => {
    const tag = `wyścig ${letters()}`;
    const res = await admin.upload(
      'POST',
      '/api/admin/posts',
      postForm(input({ tags: [tag, nfd(tag), `${tag}\u200B`, tag.replace(' ', '\u00A0')] })),
    );
    expect(res.status).toBe(201);
    expect(((await res.json()) as PostDetail).tags).toEqual([tag]);
  });

  it('refuses a zero-width spelling of a taken post slug as taken', async () => {
    const first = input();
    expect((await admin.upload('POST', '/api/admin/posts', postForm(first))).status).toBe(201);
    const res = await admin.upload(
      'POST',
      '/api/admin/posts',
      postForm(input({ slug: `${first.slug}\u200B` })),
    );
    expect(res.status).toBe(409);
    expect(await readError(res)).toMatchObject({ field: 'slug' });
  });
});

describe('search', () => {
  it('finds NFC text with an NFD query, in the public and the admin lists, and by tag', async () => {
    const token = letters();
    const category = await buildCategory();
    const tag = await buildTag({ name: `wyścig ${token}` });
    const post = await buildPost({
      title: `Zażółć gęślą jaźń ${token}`,
      categories: [category],
      tags: [tag],
    });
    const query = encodeURIComponent(nfd(`gęślą jaźń ${token}`));
    const publicRes = await api.fetch(`/api/posts?q=${query}`);
    expect(publicRes.status).toBe(200);
    expect(((await publicRes.json()) as PostSummary[]).map((item) => item.id)).toEqual([post.id]);
    const adminRes = await admin.call('GET', `/api/admin/posts?q=${query}`);
    expect(adminRes.status).toBe(200);
    expect(((await adminRes.json()) as AdminPostPage).items.map((item) => item.id)).toEqual([post.id]);
    const byTag = await api.fetch(`/api/posts?tag=${encodeURIComponent(nfd(tag.name))}`);
    expect(((await byTag.json()) as PostSummary[]).map((item) => item.id)).toEqual([post.id]);
  });

  it('finds users by an NFD query in the admin list', async () => {
    const user = await buildUser({ username: `Łukasz Żądło ${letters()}` });
    const res = await admin.call('GET', `/api/admin/users?q=${encodeURIComponent(nfd(user.username))}`);
    expect(res.status).toBe(200);
    expect(((await res.json()) as { items: { id: number }[] }).items.map((item) => item.id)).toEqual([
      user.id,
    ]);
  });
});
