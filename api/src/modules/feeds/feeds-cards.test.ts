import { EMBED_FRAME_ORIGINS } from '@blog/shared/post-cards';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCategory, buildPost, uniqueSuffix } from '../../../test/factories.ts';
import { startTestApi, type TestApi } from '../../../test/harness.ts';
import { parseXml } from '../../../test/parse-xml.ts';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => {
  await api?.close();
});

describe('feeds of a post with an embed', () => {
  it('carry no player: no iframe, no player address, no card markup, in the site and category feeds', async () => {
    const suffix = uniqueSuffix();
    const category = await buildCategory();
    const post = await buildPost({
      published: true,
      categories: [category],
      title: `Film z Tatr ${suffix}`,
      excerpt: null,
      content: `<p>Zobacz:</p><div class="embed-card" data-provider="youtube"><a target="_blank" rel="noopener noreferrer" href="https://www.youtube.com/watch?v=dQw4w9WgXcQ">Film o Tatrach</a></div>`,
    });
    for (const path of ['/rss.xml', `/rss/category/${category.id}.xml`]) {
      const response = await api.fetch(path);
      expect(response.status).toBe(200);
      const xml = await response.text();
      const item = xml.split('<item>').find((part) => part.includes(post.slug));
      expect(item, path).toBeDefined();
      expect(parseXml(`<item>${item!.split('</item>')[0]}</item>`).get('item/title')).toEqual([post.title]);
      expect(item).not.toMatch(/iframe|embed-card|data-provider/i);
      for (const origin of EMBED_FRAME_ORIGINS) expect(item).not.toContain(origin);
    }
  });
});
