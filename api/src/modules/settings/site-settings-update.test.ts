import type { SiteSettings } from '@blog/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { TestBrowser } from '../../../test/browser.ts';
import { buildCategory, buildPost, buildUser } from '../../../test/factories.ts';
import { testApiOnOwnDatabase } from '../../../test/file-api.ts';
import { signedInAs } from '../../../test/signed-in.ts';
import { clientIp, readError } from '../../../test/http.ts';
import { SITE_SETTINGS_DEFAULTS } from './site-settings.defaults.ts';

// Settings are global: this file changes them in a database of its own.
const PASSWORD = 'Dobre-Hasło1';
const api = testApiOnOwnDatabase('blog_scratch_settings', { TRUST_PROXY: '1' });
let admin: TestBrowser;
beforeAll(async () => {
  admin = await signedInAs(api, 'admin');
});

const save = (body: unknown) => admin.call('POST', '/api/admin/site-settings', body);

describe('POST /api/admin/site-settings', () => {
  it('saves, echoes the saved values, sanitizes the About page', async () => {
    const res = await save({
      titleLink: 'https://example.com/nie-klikaj',
      blogDescription: 'Nowy opis bloga',
      aboutPageContent: '<h2>O nas</h2><p onclick="x()">Tekst <em>ważny</em></p><script>alert(1)</script>',
      commentsEnabled: true,
    });
    expect(res.status).toBe(200);
    const saved = (await res.json()) as SiteSettings;
    expect(saved).toEqual({
      titleLink: 'https://example.com/nie-klikaj',
      blogDescription: 'Nowy opis bloga',
      aboutPageContent: '<h2>O nas</h2><p>Tekst <em>ważny</em></p>',
      commentsEnabled: true,
      commentsRequireApproval: false,
      version: expect.any(Number) as number,
    });
    expect(await (await api.fetch('/api/site-settings')).json()).toEqual(saved);
  });

  it('changes only the fields sent; an empty description restores the default', async () => {
    const res = await save({ blogDescription: '' });
    expect(res.status, await res.clone().text()).toBe(200);
    const saved = (await res.json()) as SiteSettings;
    expect(saved.blogDescription).toBe(SITE_SETTINGS_DEFAULTS.blogDescription);
    expect(saved.titleLink).toBe('https://example.com/nie-klikaj');
  });

  it('refuses a title link that is neither an http(s) address nor a same-site path, and a description over 1000 characters', async () => {
    const badLink = await save({ titleLink: 'javascript:alert(1)' });
    expect(badLink.status).toBe(400);
    expect(await readError(badLink)).toMatchObject({
      field: 'titleLink',
      message: 'Podaj adres zaczynający się od http://, https:// lub /',
    });
    for (const titleLink of [
      '//evil.example',
      '/\\evil.example',
      '//evil.example/nie-klikaj',
      '/\\/evil.example',
    ]) {
      const offSite = await save({ titleLink });
      expect(offSite.status, titleLink).toBe(400);
      expect(await readError(offSite)).toMatchObject({ field: 'titleLink' });
    }
    expect(((await (await api.fetch('/api/site-settings')).json()) as SiteSettings).titleLink).toBe(
      'https://example.com/nie-klikaj',
    );
    const local = await save({ titleLink: '/post/nie-klikaj' });
    expect(local.status).toBe(200);
    const long = await save({ blogDescription: 'x'.repeat(1001) });
    expect(long.status).toBe(400);
    expect((await readError(long)).field).toBe('blogDescription');
    const wrongType = await save({ commentsEnabled: 'nie' });
    expect(wrongType.status).toBe(400);
  });

  it('switching comments off makes the API refuse new comments; on again accepts them', async () => {
    const post = await buildPost({ categories: [await buildCategory()] });
    const comment = () =>
      admin.call('POST', `/api/posts/${post.id}/comments`, {
        author: 'Ala',
        email: 'ala@example.com',
        content: 'Dobry tekst',
      });
    expect(((await (await save({ commentsEnabled: false })).json()) as SiteSettings).commentsEnabled).toBe(
      false,
    );
    expect((await comment()).status).toBe(403);
    await save({ commentsEnabled: true });
    expect((await comment()).status).toBe(201);
  });

  it('is admin-only: a publisher gets 403', async () => {
    const user = await buildUser({ role: 'publisher', password: PASSWORD });
    const publisher = new TestBrowser(api, clientIp());
    await publisher.signIn(user.username, PASSWORD);
    expect((await publisher.call('POST', '/api/admin/site-settings', { blogDescription: 'x' })).status).toBe(
      403,
    );
  });
});

describe('POST /api/admin/site-settings with the version it was loaded at', () => {
  const current = async () => (await (await api.fetch('/api/site-settings')).json()) as SiteSettings;

  it('counts every save; a save loaded before another answers 409 and writes nothing', async () => {
    const loaded = await current();
    const first = await save({ blogDescription: 'Opis z karty B', version: loaded.version });
    expect(first.status).toBe(200);
    expect(((await first.json()) as SiteSettings).version).toBe(loaded.version + 1);

    const stale = await save({ blogDescription: 'Opis z karty A', titleLink: '/a', version: loaded.version });
    expect(stale.status).toBe(409);
    expect(await readError(stale)).toMatchObject({
      error: 'conflict',
      field: 'version',
      message: 'Ktoś inny zmienił ustawienia w międzyczasie. Twoja zmiana nie została zapisana.',
    });
    const after = await current();
    expect(after.blogDescription).toBe('Opis z karty B');
    expect(after.titleLink).not.toBe('/a');
    expect(after.version).toBe(loaded.version + 1);

    // „Nadpisz”: the same text sent again with the version now stored.
    const again = await save({ blogDescription: 'Opis z karty A', version: after.version });
    expect(again.status).toBe(200);
    expect((await current()).blogDescription).toBe('Opis z karty A');
  });

  it('of two saves sent at the same moment from one loaded version, exactly one is written', async () => {
    const loaded = await current();
    const answers = await Promise.all(
      ['Pierwszy', 'Drugi', 'Trzeci'].map((text) => save({ blogDescription: text, version: loaded.version })),
    );
    expect(answers.map((res) => res.status).sort()).toEqual([200, 409, 409]);
    const winner = (await answers.find((res) => res.status === 200)!.json()) as SiteSettings;
    expect(await current()).toEqual(winner);
    expect(winner.version).toBe(loaded.version + 1);
  });

  it('without a version the save is unconditional (scripts, older clients); a bad version is a 400', async () => {
    const before = await current();
    const res = await save({ blogDescription: 'Bez wersji' });
    expect(res.status).toBe(200);
    expect(((await res.json()) as SiteSettings).version).toBe(before.version + 1);
    for (const version of [0, -1, 1.5, 'x', null, 2 ** 31]) {
      const bad = await save({ blogDescription: 'x', version });
      expect(bad.status, String(version)).toBe(400);
    }
    expect((await current()).blogDescription).toBe('Bez wersji');
  });
});
