import type { SiteSettings } from '@blog/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../../test/harness.ts';
import { SETTING_KEYS } from './setting-keys.ts';
import { SiteSetting } from './site-setting.model.ts';
import { SITE_SETTINGS_DEFAULTS } from './site-settings.defaults.ts';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => {
  await api?.close();
});

const read = async () => (await (await api.fetch('/api/site-settings')).json()) as SiteSettings;

describe('GET /api/site-settings', () => {
  it('gives the built-in defaults for unset values', async () => {
    await SiteSetting.destroy({ where: { key: [SETTING_KEYS.titleLink, SETTING_KEYS.blogDescription] } });
    const settings = await read();
    expect(settings.titleLink).toBe(SITE_SETTINGS_DEFAULTS.titleLink);
    expect(settings.blogDescription).toBe(
      'Blog o tym, jak technologia kradnie nam uwagę, produktywność udaje, że istnieje, a w biznesie jak zwykle rządzi chaos.',
    );
  });

  it('gives stored values, with the about page sanitized', async () => {
    await SiteSetting.bulkCreate(
      [
        { key: SETTING_KEYS.titleLink, value: 'https://example.com/nie-klikaj' },
        { key: SETTING_KEYS.aboutPageContent, value: '<p>O nas</p><script>alert(1)</script>' },
      ],
      { updateOnDuplicate: ['value'], conflictAttributes: ['key'] },
    );
    try {
      const settings = await read();
      expect(settings.titleLink).toBe('https://example.com/nie-klikaj');
      expect(settings.aboutPageContent).toBe('<p>O nas</p>');
    } finally {
      await SiteSetting.destroy({ where: { key: [SETTING_KEYS.titleLink, SETTING_KEYS.aboutPageContent] } });
    }
  });

  it('gives the default title link in place of an off-site one stored before the rule refused it', async () => {
    for (const value of ['//evil.example', '/\\evil.example', 'javascript:alert(1)']) {
      await SiteSetting.bulkCreate([{ key: SETTING_KEYS.titleLink, value }], {
        updateOnDuplicate: ['value'],
        conflictAttributes: ['key'],
      });
      try {
        expect((await read()).titleLink, value).toBe(SITE_SETTINGS_DEFAULTS.titleLink);
      } finally {
        await SiteSetting.destroy({ where: { key: [SETTING_KEYS.titleLink] } });
      }
    }
  });
});
