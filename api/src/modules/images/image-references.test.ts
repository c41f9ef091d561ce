// An uploaded image's files go only when nothing references it any more (image-references.ts):
// not a post's body, not the About page, not another post's cover, not a kept revision. A cover
// may be set to any stored /uploads/ file, so removing a cover must not break someone else's page.
import type { AdminPost, UploadedInlineImage } from '@blog/shared';
import { describe, expect, it } from 'vitest';
import type { TestBrowser } from '../../../test/browser.ts';
import { readError } from '../../../test/http.ts';
import { untilWaitingForAdvisoryLock } from '../../../test/sql.ts';
import { UNKNOWN_UPLOAD } from '../posts/admin-posts.service.ts';
import {
  admin,
  api,
  create,
  fileExists,
  filesOf,
  png,
  postForm,
  publisher,
  useAdminPostsApi,
  validInput,
} from '../../../test/admin-posts.fixtures.ts';

import { SETTING_KEYS } from '../settings/setting-keys.ts';
import { SiteSetting } from '../settings/site-setting.model.ts';
import { lockUploads } from './image-references.ts';
import { localImageStorage } from './image-storage.ts';
import { removeImageFiles } from './images.service.ts';

useAdminPostsApi();

/** An image uploaded by the editor (POST /api/admin/images), as its <img> and as a cover address. */
async function uploadInline(browser: TestBrowser) {
  const form = new FormData();
  form.set('image', new Blob([new Uint8Array(await png(1000, 500))], { type: 'image/png' }), 'z.png');
  const res = await browser.upload('POST', '/api/admin/images', form);
  expect(res.status).toBe(201);
  const image = (await res.json()) as UploadedInlineImage;
  const fileName = image.src.slice('/api/images/'.length);
  return {
    ...image,
    coverUrl: `/uploads/${fileName}`,
    img: `<p><img src="${image.src}" srcset="${image.srcset}" alt="Z" width="${image.width}" height="${image.height}"></p>`,
  };
}

/** The answers to every width of the image, one of each kind (`[200]` when all are served). */
const served = async (coverUrl: string) => [
  ...new Set(
    await Promise.all(filesOf(coverUrl).map(async (file) => (await api.fetch(`/api/images/${file}`)).status)),
  ),
];

async function createPost(browser: TestBrowser, overrides: Record<string, unknown>) {
  const res = await create(browser, validInput({ published: false, ...overrides }));
  expect(res.status).toBe(201);
  return (await res.json()) as AdminPost;
}

/** A publisher's throwaway post with the image as its cover, then deleted. */
async function coverAndDelete(coverUrl: string) {
  const throwaway = await createPost(publisher, { imageUrl: coverUrl });
  expect(throwaway.imageUrl).toBe(coverUrl);
  expect((await publisher.call('DELETE', `/api/admin/posts/${throwaway.id}`)).status).toBe(200);
}

describe('removing a cover', () => {
  it('keeps an image another author’s article shows in its body (delete and cover removed)', async () => {
    const image = await uploadInline(admin);
    const article = await createPost(admin, { content: image.img });
    expect(article.content).toContain(image.src);

    await coverAndDelete(image.coverUrl);
    expect(await served(image.coverUrl)).toEqual([200]);

    // Set as a cover, then taken off it with imageUrl null: the same.
    const throwaway = await createPost(publisher, { imageUrl: image.coverUrl });
    const cleared = await publisher.upload(
      'PUT',
      `/api/admin/posts/${throwaway.id}`,
      postForm(validInput({ slug: throwaway.slug, imageUrl: null, published: false })),
    );
    expect(((await cleared.json()) as AdminPost).imageUrl).toBeNull();
    expect(await served(image.coverUrl)).toEqual([200]);
  });

  it('keeps the publisher’s own inline image when the same post drops it as its cover', async () => {
    const image = await uploadInline(publisher);
    const post = await createPost(publisher, { content: image.img, imageUrl: image.coverUrl });
    const cleared = await publisher.upload(
      'PUT',
      `/api/admin/posts/${post.id}`,
      postForm(validInput({ slug: post.slug, content: image.img, imageUrl: null, published: false })),
    );
    expect(cleared.status).toBe(200);
    expect(await served(image.coverUrl)).toEqual([200]);
  });

  it('keeps an image the About page shows', async () => {
    const image = await uploadInline(admin);
    const before = await SiteSetting.findOne({ where: { key: SETTING_KEYS.aboutPageContent } });
    const saved = await admin.call('POST', '/api/admin/site-settings', {
      aboutPageContent: `<h2>O nas</h2>${image.img}`,
    });
    expect(saved.status).toBe(200);
    try {
      await coverAndDelete(image.coverUrl);
      expect(await served(image.coverUrl)).toEqual([200]);
    } finally {
      // Other files read the About page as it was (the test database is shared).
      if (before) await SiteSetting.update({ value: before.value }, { where: { id: before.id } });
      else await SiteSetting.destroy({ where: { key: SETTING_KEYS.aboutPageContent } });
    }
  });

  it('keeps an image another post has as its cover or link-preview image', async () => {
    const image = await uploadInline(admin);
    const other = await createPost(admin, { socialImageUrl: image.coverUrl });
    expect(other.socialImageUrl).toBe(image.coverUrl);
    await coverAndDelete(image.coverUrl);
    expect(await served(image.coverUrl)).toEqual([200]);
  });

  it('removes every width of an image nothing else references', async () => {
    const image = await uploadInline(admin);
    await coverAndDelete(image.coverUrl);
    expect(await served(image.coverUrl)).toEqual([404]);
    for (const file of filesOf(image.coverUrl)) expect(await fileExists(file)).toBe(false);
  });

  it('bulk deletion frees the covers its posts and their revisions held, keeping one a body shows', async () => {
    const [first, second, shown] = [
      await uploadInline(admin),
      await uploadInline(admin),
      await uploadInline(admin),
    ];
    await createPost(admin, { content: shown.img });
    const replaced = await createPost(publisher, { imageUrl: first.coverUrl });
    const edit = await publisher.upload(
      'PUT',
      `/api/admin/posts/${replaced.id}`,
      postForm(validInput({ slug: replaced.slug, imageUrl: second.coverUrl, published: false })),
    );
    expect(edit.status).toBe(200);
    const edited = (await edit.json()) as AdminPost;
    // The first cover is only in a revision now: kept, so a restore can show it.
    expect(await served(first.coverUrl)).toEqual([200]);
    const other = await createPost(publisher, { imageUrl: shown.coverUrl });
    const res = await publisher.call('POST', '/api/admin/posts/bulk', {
      action: 'delete',
      posts: [edited, other].map((post) => ({ id: post.id, version: post.version })),
    });
    expect(res.status).toBe(200);
    expect(await served(first.coverUrl)).toEqual([404]);
    expect(await served(second.coverUrl)).toEqual([404]);
    expect(await served(shown.coverUrl)).toEqual([200]);
  });
});

describe('a removal and a save at the same moment', () => {
  const keyOf = (coverUrl: string) => /([a-f0-9]{32})/.exec(coverUrl)![1]!;

  it('a reference being saved while the removal looks is seen: the files stay', async () => {
    const image = await uploadInline(admin);
    const throwaway = await createPost(publisher, { imageUrl: image.coverUrl });
    // A save that puts the image into a body holds its lock until it commits.
    const saving = await api.runtime.sequelize.transaction();
    await lockUploads({ sequelize: api.runtime.sequelize, transaction: saving }, [keyOf(image.coverUrl)]);
    const deleting = publisher.call('DELETE', `/api/admin/posts/${throwaway.id}`);
    await untilWaitingForAdvisoryLock(api.runtime.sequelize);
    await api.runtime.sequelize.query(
      `INSERT INTO posts (title, slug, content) VALUES ('Równolegle', :slug, :content)`,
      {
        replacements: { slug: `rownolegle-${keyOf(image.coverUrl)}`, content: image.img },
        transaction: saving,
      },
    );
    await saving.commit();
    expect((await deleting).status).toBe(200);
    expect(await served(image.coverUrl)).toEqual([200]);
  });

  it('a save that checks the address after the removal finished is refused, not pointed at nothing', async () => {
    const image = await uploadInline(admin);
    // The removal holds the lock while it deletes the files.
    const removing = await api.runtime.sequelize.transaction();
    await lockUploads({ sequelize: api.runtime.sequelize, transaction: removing }, [keyOf(image.coverUrl)]);
    const saving = create(publisher, validInput({ published: false, imageUrl: image.coverUrl }));
    await untilWaitingForAdvisoryLock(api.runtime.sequelize);
    await removeImageFiles(localImageStorage(api.config.uploadsDir), image.coverUrl);
    await removing.commit();
    const res = await saving;
    expect(res.status).toBe(400);
    expect(await readError(res)).toMatchObject({ field: 'imageUrl', message: UNKNOWN_UPLOAD });
  });
});
