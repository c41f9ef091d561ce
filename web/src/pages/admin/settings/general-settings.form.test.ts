import { describe, expect, it } from 'vitest';
import {
  buildSiteSettingsPayload,
  generalSettingsInitialValues,
  generalSettingsSchema,
} from './general-settings.form.ts';

const saved = {
  titleLink: 'https://example.com',
  blogDescription: 'Opis',
  aboutPageContent: '<p>O nas</p>',
  commentsEnabled: false,
  commentsRequireApproval: true,
  version: 7,
};

describe('general settings form', () => {
  it('starts from the saved values and sends every field, trimmed, with the version it was loaded at', () => {
    const values = generalSettingsInitialValues(saved);
    const { version, ...fields } = saved;
    expect(values).toEqual(fields);
    expect(buildSiteSettingsPayload({ ...values, blogDescription: '  Nowy opis  ' }, version)).toEqual({
      ...saved,
      blogDescription: 'Nowy opis',
    });
  });

  it('refuses a title link that is neither an http(s) address nor a same-site path, with the shared message', async () => {
    await expect(generalSettingsSchema.validateAt('titleLink', { titleLink: 'ftp://x' })).rejects.toThrow(
      'Podaj adres zaczynający się od http://, https:// lub /',
    );
    for (const offSite of ['//evil.example', '/\\evil.example'])
      await expect(generalSettingsSchema.validateAt('titleLink', { titleLink: offSite })).rejects.toThrow(
        'Podaj adres zaczynający się od http://, https:// lub /',
      );
    await expect(
      generalSettingsSchema.validateAt('titleLink', { titleLink: 'https://ok.pl/x' }),
    ).resolves.toBe('https://ok.pl/x');
    await expect(generalSettingsSchema.validateAt('titleLink', { titleLink: '/about' })).resolves.toBe(
      '/about',
    );
    await expect(
      generalSettingsSchema.validateAt('blogDescription', { blogDescription: 'x'.repeat(1001) }),
    ).rejects.toThrow('Opis może mieć najwyżej 1000 znaków');
  });
});
