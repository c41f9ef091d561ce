import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCategory, buildPost, buildTag, uniqueSuffix } from '../../../test/factories.ts';
import { startTestApi, type TestApi } from '../../../test/harness.ts';
import { parseXml } from '../../../test/parse-xml.ts';

/**
 * Rows stored before the write rules refused control characters (or put there by hand) still give
 * well-formed feeds and a well-formed sitemap: one such title once made /rss.xml and every category
 * feed unreadable, cached so for five minutes.
 */

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => {
  await api?.close();
});

describe('feeds over stored characters XML forbids', () => {
  it('drop them from /rss.xml, the category and tag feeds and the sitemap, keeping the rest of the text', async () => {
    const suffix = uniqueSuffix();
    const category = await buildCategory();
    const tag = await buildTag();
    const post = await buildPost({ categories: [category], tags: [tag], published: true });
    const { sequelize } = api.runtime;
    // Straight into the tables, as a row from before the rule (or a hand-made one) would be.
    await sequelize.query(
      `UPDATE posts SET title = :title, excerpt = :excerpt, meta_description = NULL WHERE id = :id`,
      {
        replacements: {
          id: post.id,
          title: `Tytuł\u0001z\u000Bznakami\u001B${suffix}`,
          excerpt: `Zajawka\u000Cz\uFFFFznakami\u0008`,
        },
      },
    );
    await sequelize.query('UPDATE categories SET name = :name WHERE id = :id', {
      replacements: { id: category.id, name: `Kategoria\u0002${suffix}` },
    });
    await sequelize.query('UPDATE tags SET name = :name WHERE id = :id', {
      replacements: { id: tag.id, name: `tag\u0003${suffix}` },
    });

    const site = parseXml(await (await api.fetch('/rss.xml')).text());
    expect(site.get('rss/channel/item/title')).toContain(`Tytułzznakami${suffix}`);
    expect(site.get('rss/channel/item/description')).toContain('Zajawkazznakami');

    const byCategory = await api.fetch(`/rss/category/${category.id}.xml`);
    expect(byCategory.status).toBe(200);
    const categoryFeed = parseXml(await byCategory.text());
    expect(categoryFeed.get('rss/channel/title')).toEqual([`Uwaga, Chaos — Kategoria${suffix}`]);
    expect(categoryFeed.get('rss/channel/item/title')).toEqual([`Tytułzznakami${suffix}`]);

    const byTag = await api.fetch(`/rss/tag/${encodeURIComponent(`tag\u0003${suffix}`)}.xml`);
    expect(byTag.status).toBe(200);
    expect(parseXml(await byTag.text()).get('rss/channel/item/title')).toEqual([`Tytułzznakami${suffix}`]);

    const sitemap = await api.fetch('/sitemap.xml');
    expect(sitemap.status).toBe(200);
    const locations = parseXml(await sitemap.text()).get('urlset/url/loc') ?? [];
    expect(locations).toContain(`http://localhost:3000/post/${post.slug}`);
  });
});
