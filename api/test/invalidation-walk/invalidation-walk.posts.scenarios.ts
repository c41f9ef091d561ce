// Posts written, edited, restored, hidden and deleted through the panel, and the image upload and
// import that feed them.
import { categoryPath, tagPath } from '@blog/shared/addresses';
import { buildCategory, buildPost, buildTag, uniqueSuffix } from '../factories.ts';
import { postForm } from '../admin-posts.fixtures.ts';
import { admin, published, type ScenarioTable } from './invalidation-walk.fixtures.ts';

const postCall = (method: string, pathname: string, input: unknown) =>
  admin.upload(method, pathname, postForm(input));
const postInput = (overrides: Record<string, unknown> = {}) => {
  const suffix = uniqueSuffix();
  return {
    title: `Wpis ${suffix}`,
    slug: `wpis-${suffix}`,
    content: '<p>Treść wpisu.</p>',
    excerpt: 'Zajawka',
    ...overrides,
  };
};

/** A post made and edited through the panel (two revisions): its current version and first revision. */
async function editedTwice(publish: boolean) {
  const category = await buildCategory();
  const input = postInput({ categories: [category.id], published: publish });
  const post = (await (await postCall('POST', '/api/admin/posts', input)).json()) as {
    id: number;
    slug: string;
  };
  const edit = { ...input, content: '<p>Nowa treść.</p>' };
  const edited = await postCall('PUT', `/api/admin/posts/${post.id}`, edit);
  const { version } = (await edited.json()) as { version: number };
  const revisions = await admin.call('GET', `/api/admin/posts/${post.id}/revisions`);
  const oldest = ((await revisions.json()) as { id: number }[]).at(-1)!.id;
  return { post, version, oldest };
}

export const POST_SCENARIOS: ScenarioTable = {
  adminCreatePost: [
    {
      name: 'publishes a new post',
      kind: 'public',
      async prepare() {
        const category = await buildCategory();
        return {
          probes: ['/api/posts?page=1&limit=6', '/', '/rss.xml', '/sitemap.xml'],
          call: async () =>
            postCall('POST', '/api/admin/posts', postInput({ categories: [category.id], published: true })),
        };
      },
    },
    {
      name: 'creates a draft',
      kind: 'private',
      async prepare() {
        const category = await buildCategory();
        return {
          call: async () =>
            postCall('POST', '/api/admin/posts', postInput({ categories: [category.id], published: false })),
        };
      },
    },
  ],
  adminUpdatePost: [
    {
      name: 'edits a published post',
      kind: 'public',
      async prepare() {
        const category = await buildCategory();
        const post = await published({ categories: [category] });
        const input = postInput({ slug: post.slug, categories: [category.id], published: true });
        return {
          probes: [`/api/posts/${post.slug}`, `/post/${post.slug}`, '/api/posts?page=1&limit=6'],
          call: async () => postCall('PUT', `/api/admin/posts/${post.id}`, input),
        };
      },
    },
    {
      name: 'moves a published post to another category and drops its tag (its archive pages)',
      kind: 'public',
      async prepare() {
        const [from, to, tag] = [await buildCategory(), await buildCategory(), await buildTag()];
        const post = await published({ categories: [from], tags: [tag] });
        const input = postInput({ slug: post.slug, categories: [to.id], tags: [], published: true });
        return {
          probes: [
            categoryPath(from),
            `/api/posts?page=1&limit=6&category=${from.id}`,
            tagPath(tag.name),
            `/rss/tag/${encodeURIComponent(tag.name)}.xml`,
          ],
          call: async () => postCall('PUT', `/api/admin/posts/${post.id}`, input),
        };
      },
    },
    {
      name: 'saves a draft that stays a draft',
      kind: 'private',
      async prepare() {
        const category = await buildCategory();
        const post = await buildPost({ categories: [category], published: false });
        const input = postInput({ slug: post.slug, categories: [category.id], published: false });
        return { call: async () => postCall('PUT', `/api/admin/posts/${post.id}`, input) };
      },
    },
  ],
  adminRestorePostRevision: [
    {
      name: 'restores an earlier text of a published post',
      kind: 'public',
      async prepare() {
        const { post, version, oldest } = await editedTwice(true);
        return {
          probes: [`/api/posts/${post.slug}`, `/post/${post.slug}`],
          call: async () =>
            admin.call('POST', `/api/admin/posts/${post.id}/revisions/${oldest}/restore`, { version }),
        };
      },
    },
    {
      name: 'restores an earlier text of a draft',
      kind: 'private',
      async prepare() {
        const { post, version, oldest } = await editedTwice(false);
        return {
          call: async () =>
            admin.call('POST', `/api/admin/posts/${post.id}/revisions/${oldest}/restore`, { version }),
        };
      },
    },
  ],
  adminDeletePost: [
    {
      name: 'deletes a published post',
      kind: 'public',
      async prepare() {
        const post = await published();
        return {
          probes: [
            `/api/posts/${post.slug}`,
            `/post/${post.slug}`,
            '/api/posts?page=1&limit=6',
            '/rss.xml',
            '/sitemap.xml',
          ],
          call: async () => admin.call('DELETE', `/api/admin/posts/${post.id}`),
        };
      },
    },
    {
      name: 'deletes a draft',
      kind: 'private',
      async prepare() {
        const post = await buildPost({ categories: [await buildCategory()], published: false });
        return { call: async () => admin.call('DELETE', `/api/admin/posts/${post.id}`) };
      },
    },
  ],
  adminTogglePostVisibility: [
    {
      name: 'hides a published post',
      kind: 'public',
      async prepare() {
        const post = await published();
        return {
          probes: [`/api/posts/${post.slug}`, '/api/posts?page=1&limit=6', '/sitemap.xml'],
          call: async () => admin.call('PATCH', `/api/admin/posts/${post.id}/toggle-visibility`),
        };
      },
    },
  ],
  adminBulkPosts: [
    {
      name: 'unpublishes a published post and deletes another',
      kind: 'public',
      async prepare() {
        const [hidden, deleted] = [await published(), await published()];
        const posts = [hidden, deleted].map((post) => ({ id: post.id, version: post.version }));
        return {
          probes: [
            `/api/posts/${hidden.slug}`,
            `/post/${deleted.slug}`,
            '/api/posts?page=1&limit=6',
            '/rss.xml',
          ],
          call: async () => {
            const first = await admin.call('POST', '/api/admin/posts/bulk', {
              action: 'unpublish',
              posts: [posts[0]],
            });
            if (!first.ok) return first;
            return admin.call('POST', '/api/admin/posts/bulk', { action: 'delete', posts: [posts[1]] });
          },
        };
      },
    },
    {
      name: 'publishes a draft',
      kind: 'public',
      async prepare() {
        const post = await buildPost({ categories: [await buildCategory()], published: false });
        return {
          probes: [`/api/posts/${post.slug}`, '/api/posts?page=1&limit=6', '/sitemap.xml'],
          call: async () =>
            admin.call('POST', '/api/admin/posts/bulk', {
              action: 'publish',
              posts: [{ id: post.id, version: post.version }],
            }),
        };
      },
    },
    {
      name: 'deletes a draft',
      kind: 'private',
      async prepare() {
        const post = await buildPost({ categories: [await buildCategory()], published: false });
        return {
          call: async () =>
            admin.call('POST', '/api/admin/posts/bulk', {
              action: 'delete',
              posts: [{ id: post.id, version: post.version }],
            }),
        };
      },
    },
  ],
  adminUploadImage: [
    {
      // Stored before any post refers to it: readers see it only once a saved post does.
      name: 'uploads an image for a post body',
      kind: 'private',
      async prepare() {
        const body = new FormData();
        // A 1×1 PNG.
        const png = Buffer.from(
          'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC',
          'base64',
        );
        body.set('image', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'kropka.png');
        return { call: async () => admin.upload('POST', '/api/admin/images', body) };
      },
    },
  ],
  adminStartImport: [
    {
      // The request only stages the file and queues the job (no worker runs here): readers see the
      // import when the worker commits it, through the database's triggers like any other write.
      name: 'queues an import of a Ghost export',
      kind: 'private',
      async prepare() {
        const body = new FormData();
        const ghost = { db: [{ meta: { version: '5.82.2' }, data: { posts: [] } }] };
        body.set('file', new Blob([JSON.stringify(ghost)]), 'ghost.json');
        return { call: async () => admin.upload('POST', '/api/admin/imports', body) };
      },
    },
  ],
};
