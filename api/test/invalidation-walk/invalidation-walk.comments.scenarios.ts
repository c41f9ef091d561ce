// Comments written, approved and deleted: a published article changes, a waiting comment changes
// nothing readers see.
import { TestBrowser } from '../browser.ts';
import { buildComment, uniqueSuffix } from '../factories.ts';
import { clientIp } from '../http.ts';
import { SETTING_KEYS } from '../../src/modules/settings/setting-keys.ts';
import { SiteSetting } from '../../src/modules/settings/site-setting.model.ts';
import { admin, api, published, warmPost, type ScenarioTable } from './invalidation-walk.fixtures.ts';

/** The approval queue on, and a way to switch it off again. */
async function queueOn(): Promise<() => Promise<void>> {
  await SiteSetting.upsert({ key: SETTING_KEYS.commentsRequireApproval, value: 'true' });
  return async () => {
    await SiteSetting.destroy({ where: { key: SETTING_KEYS.commentsRequireApproval } });
  };
}

export const COMMENT_SCENARIOS: ScenarioTable = {
  createComment: [
    {
      name: 'comments on a published article (only that article changes)',
      kind: 'public',
      async prepare() {
        const post = await published();
        return {
          probes: [`/api/posts/${post.slug}`, `/post/${post.slug}`],
          call: async () =>
            new TestBrowser(api, clientIp()).call('POST', `/api/posts/${post.id}/comments`, {
              author: 'Ola',
              email: 'ola@example.com',
              content: `Komentarz ${uniqueSuffix()}`,
            }),
        };
      },
    },
    {
      name: 'with the approval queue on, a comment waits unseen (no public answer changes)',
      kind: 'private',
      async prepare() {
        const after = await queueOn();
        return {
          after,
          call: async () =>
            new TestBrowser(api, clientIp()).call('POST', `/api/posts/${warmPost.id}/comments`, {
              author: 'Ola',
              email: 'ola@example.com',
              content: `Oczekujący ${uniqueSuffix()}`,
            }),
        };
      },
    },
  ],
  adminDeleteComment: [
    {
      name: 'deletes a comment of a published article',
      kind: 'public',
      async prepare() {
        const post = await published();
        const comment = await buildComment({ postId: post.id });
        return {
          probes: [`/api/posts/${post.slug}`],
          call: async () => admin.call('DELETE', `/api/admin/comments/${comment.id}`),
        };
      },
    },
    {
      name: 'rejects (deletes) a waiting comment: readers never saw it',
      kind: 'private',
      async prepare() {
        const comment = await buildComment({ postId: warmPost.id, status: 'pending' });
        return { call: async () => admin.call('DELETE', `/api/admin/comments/${comment.id}`) };
      },
    },
  ],
  adminApproveComment: [
    {
      name: 'approves a waiting comment of a published article',
      kind: 'public',
      async prepare() {
        const post = await published();
        const comment = await buildComment({ postId: post.id, status: 'pending' });
        return {
          probes: [`/api/posts/${post.slug}`, `/post/${post.slug}`],
          call: async () => admin.call('POST', `/api/admin/comments/${comment.id}/approve`),
        };
      },
    },
  ],
  adminBulkDeleteComments: [
    {
      name: 'deletes comments of a published article',
      kind: 'public',
      async prepare() {
        const post = await published();
        const ids = [
          (await buildComment({ postId: post.id })).id,
          (await buildComment({ postId: post.id })).id,
        ];
        return {
          probes: [`/api/posts/${post.slug}`, `/post/${post.slug}`],
          call: async () => admin.call('POST', '/api/admin/comments/bulk-delete', { ids }),
        };
      },
    },
  ],
};
