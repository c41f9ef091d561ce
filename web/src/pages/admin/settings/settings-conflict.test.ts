import type { SiteSettings } from '@blog/shared';
import { describe, expect, it } from 'vitest';
import { changedSettings } from './settings-conflict.ts';

const base: SiteSettings = {
  titleLink: '/a',
  blogDescription: 'Opis',
  aboutPageContent: '<p>O nas</p>',
  commentsEnabled: true,
  commentsRequireApproval: false,
  version: 3,
};

describe('changedSettings', () => {
  it('names each field someone else changed, in the order of the form, and not the version', () => {
    expect(changedSettings(base, { ...base, version: 4 })).toEqual([]);
    expect(changedSettings(base, { ...base, commentsEnabled: false, titleLink: '/b', version: 5 })).toEqual([
      'link w tytule bloga',
      'komentarze',
    ]);
  });
});
