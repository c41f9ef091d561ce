// Slugs of an import fit the post form's rules, however long the file's are: WordPress keeps a Polish
// slug percent-encoded, so its 200 characters and more are far fewer letters, cut anywhere (even
// inside an escape). The import's report stays within the contract, so the panel's list of imports
// answers afterwards (it answered 500 for good after such an import).
import type { ImportJob } from '@blog/shared';
import { SLUG_PATTERN } from '@blog/shared/rules';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TestBrowser } from '../../../test/browser.ts';
import { signedInAs } from '../../../test/signed-in.ts';
import { api, importOverHttp, useEmptyBlog } from '../../../test/import.fixtures.ts';
import { importedSlug } from './importer.service.ts';

useEmptyBlog();

let admin: TestBrowser;
beforeAll(async () => {
  admin = await signedInAs(api, 'admin');
});

/** 600 characters of a percent-encoded Polish slug, cut as it comes (here inside an escape). */
const LONG_SLUG = encodeURIComponent('zażółć-gęślą-jaźń-wycieczka-w-góry-'.repeat(20))
  .toLowerCase()
  .slice(0, 600);

const item = (id: number, title: string) =>
  `<item><title>${title}</title><wp:post_id>${id}</wp:post_id><wp:post_type>post</wp:post_type><wp:status>publish</wp:status><wp:post_date_gmt>2024-05-01 10:00:00</wp:post_date_gmt><wp:post_name>${LONG_SLUG}</wp:post_name><content:encoded>Treść wpisu o bardzo długim adresie.</content:encoded></item>`;

const wxr = (items: string) =>
  `<?xml version="1.0" encoding="UTF-8" ?><rss version="2.0" xmlns:wp="http://wordpress.org/export/1.2/" xmlns:content="http://purl.org/rss/1.0/modules/content/"><channel><title>Stary blog</title><link>https://stary-blog.example.pl</link><wp:wxr_version>1.2</wp:wxr_version>${items}</channel></rss>`;

describe('slugs of an import', () => {
  it('decodes a percent-encoded slug, drops an escape cut in half and keeps the form’s limits', () => {
    expect(LONG_SLUG).toHaveLength(600);
    expect(LONG_SLUG).toMatch(/%c[0-9a-f]?$/);
    const slug = importedSlug(LONG_SLUG);
    expect(slug).toMatch(new RegExp(SLUG_PATTERN));
    expect(slug.length).toBeLessThanOrEqual(200);
    expect(slug.startsWith('zazolc-gesla-jazn-wycieczka-w-gory-zazolc')).toBe(true);
    expect(importedSlug('%C5%BC%C3%B3%C5%82w')).toBe('zolw');
    // Too short for the form (at least 3 characters): the title's slug is used instead.
    expect(importedSlug('%c5%bc')).toBe('');
    expect(importedSlug('tak')).toBe('tak');
  });

  it('imports a 600-character encoded slug twice over, and the list of imports still answers', async () => {
    const job = await importOverHttp(
      admin,
      wxr(item(41, 'Pierwszy wpis o długim adresie') + item(42, 'Drugi wpis o tym samym adresie')),
      'wordpress.xml',
    );
    expect(job.status).toBe('done');
    const first = importedSlug(LONG_SLUG);
    const renamed = `${first.slice(0, 198).replace(/-+$/, '')}-2`;
    expect(job.result!.renamedSlugs).toEqual([{ sourceId: '42', from: first, to: renamed }]);
    for (const slug of [first, renamed])
      expect((await api.fetch(`/api/posts/${slug}`)).status, slug).toBe(200);

    // The panel's history of imports: answers, and as the contract says (the API checks its answers).
    const list = await admin.call('GET', '/api/admin/imports');
    expect(list.status, await list.clone().text()).toBe(200);
    const jobs = (await list.json()) as ImportJob[];
    expect(jobs.map((listed) => listed.id)).toContain(job.id);
    const one = await admin.call('GET', `/api/admin/imports/${job.id}`);
    expect(one.status).toBe(200);
  });
});
