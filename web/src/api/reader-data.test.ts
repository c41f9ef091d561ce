import { mutate } from 'swr';
import { afterEach, describe, expect, it } from 'vitest';
import { postKey, postListKey } from './posts.ts';
import { primeFromReaderData } from './reader-data.ts';
import { SITE_SETTINGS_KEY } from './site-settings.ts';

/** What SWR holds under `key` now (a bare `mutate` with no screen mounted answers the cached data). */
const cached = (key: Parameters<typeof mutate>[0]) => mutate(key);

function pageWith(json: string): Document {
  const doc = document.implementation.createHTMLDocument('');
  doc.body.innerHTML = `<div id="root"></div><script id="reader-data" type="application/json">${json}</script>`;
  return doc;
}

describe('the data a reader page carries in its HTML', () => {
  afterEach(async () => {
    await mutate(() => true, undefined, { revalidate: false });
  });

  it('lands in the cache under the keys the hooks read', async () => {
    const settings = {
      titleLink: 'https://example.com',
      blogDescription: 'Opis',
      aboutPageContent: '',
      commentsEnabled: true,
    };
    const list = { posts: [{ slug: 'a' }], total: 1, totalPages: 1, page: 1, limit: 3 };
    const post = { slug: 'wpis-o-uwadze', title: 'Wpis' };
    primeFromReaderData(pageWith(JSON.stringify({ siteSettings: settings, homePosts: list, post })));
    expect(await cached(SITE_SETTINGS_KEY)).toEqual(settings);
    expect(await cached(postListKey(1, 3, ''))).toEqual(list);
    expect(await cached(postKey('wpis-o-uwadze'))).toEqual(post);
  });

  it('changes nothing when the page carries none or it cannot be read', async () => {
    primeFromReaderData(pageWith('{"siteSettings": '));
    primeFromReaderData(document.implementation.createHTMLDocument(''));
    expect(await cached(SITE_SETTINGS_KEY)).toBeUndefined();
  });
});
