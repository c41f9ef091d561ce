import { can } from '@blog/shared/policy';
import {
  BULK_POST_ACTIONS,
  BULK_POST_MESSAGES,
  ID_MAX,
  MAX_BULK_POSTS,
  type BulkPostAction,
} from '@blog/shared/rules';
import { QueryTypes, type Transaction } from 'sequelize';
import { z } from 'zod';
import type { AuthUser } from '../../http/auth.ts';
import { NOT_YOUR_POST } from '../../http/routes.ts';
import type { ImageStorage } from '../images/image-storage.ts';
import { removeImagesIfUnused } from '../images/images.service.ts';
import {
  NO_CATEGORY_TO_HIDE,
  NO_CATEGORY_TO_PUBLISH,
  POST_NOT_FOUND,
  type WriteDeps,
} from './admin-posts.service.ts';
import { imagesOfPosts } from './post-images.ts';
import { lockPublicationDecisions, recordFirstPublications } from './post-publication.ts';

const M = BULK_POST_MESSAGES;
// The same constants write BulkPostsRequest's limits into the contract (shared/src/rules/contract-limits.ts).
const postId = z.number({ error: M.id }).int(M.id).min(1, M.id).max(ID_MAX, M.id);

export const bulkPostsSchema = z.object({
  action: z.enum(BULK_POST_ACTIONS, { error: M.action }),
  posts: z
    .array(
      z.object({
        id: postId,
        version: z.number({ error: M.version }).int(M.version).min(1, M.version).max(ID_MAX, M.version),
      }),
      { error: M.posts },
    )
    .min(1, M.posts)
    .max(MAX_BULK_POSTS, M.posts),
});
export type BulkPostsInput = z.infer<typeof bulkPostsSchema>;

export interface BulkPostResult {
  id: number;
  ok: boolean;
  code?: 'not_found' | 'forbidden' | 'conflict';
  message: string;
}

interface LockedPost {
  id: number;
  user_id: number | null;
  version: number;
  published: boolean;
  categories: number;
}

const DONE: Record<BulkPostAction, string> = {
  publish: M.published,
  unpublish: M.unpublished,
  delete: M.deleted,
};

/** Why this caller may not do `action` to `post` now, or null: the single operations' own rules. */
function refusal(
  action: BulkPostAction,
  post: LockedPost | undefined,
  version: number,
  caller: AuthUser,
): Omit<BulkPostResult, 'id'> | null {
  if (!post) return { ok: false, code: 'not_found', message: POST_NOT_FOUND };
  if (!can(caller, 'changePost', { authorId: post.user_id }))
    return { ok: false, code: 'forbidden', message: NOT_YOUR_POST };
  if (post.version !== version) return { ok: false, code: 'conflict', message: M.stale };
  // As the publish switch (togglePostVisibility): a post without categories changes status neither way.
  if (action !== 'delete' && post.categories === 0)
    return {
      ok: false,
      code: 'conflict',
      message: action === 'publish' ? NO_CATEGORY_TO_PUBLISH : NO_CATEGORY_TO_HIDE,
    };
  return null;
}

async function lockPosts(deps: WriteDeps, transaction: Transaction, ids: number[]) {
  const rows = await deps.sequelize.query<LockedPost>(
    `SELECT p.id, p.user_id, p.version, p.published,
            (SELECT count(*)::int FROM post_categories pc WHERE pc.post_id = p.id) AS categories
       FROM posts p WHERE p.id IN (:ids) ORDER BY p.id FOR UPDATE`,
    { type: QueryTypes.SELECT, replacements: { ids }, transaction },
  );
  return new Map(rows.map((row) => [row.id, row]));
}

/**
 * Publishes, unpublishes or deletes several posts in one transaction. Each post is checked as the
 * single operations check it (the caller's rights, the version the list showed, categories for a
 * status change); a refused post is reported and left alone, the others change together. A database
 * failure changes none. Images nothing references any more are removed after the commit.
 */
export async function bulkPosts(
  deps: WriteDeps,
  storage: ImageStorage,
  caller: AuthUser,
  input: BulkPostsInput,
): Promise<BulkPostResult[]> {
  const requested = [...new Map(input.posts.map((post) => [post.id, post])).values()];
  const freedImages: string[] = [];
  const results = await deps.sequelize.transaction(async (transaction) => {
    if (input.action !== 'delete') await lockPublicationDecisions(deps, transaction);
    const locked = await lockPosts(
      deps,
      transaction,
      requested.map((post) => post.id),
    );
    const out: BulkPostResult[] = [];
    const changed: number[] = [];
    for (const { id, version } of requested) {
      const post = locked.get(id);
      const refused = refusal(input.action, post, version, caller);
      if (refused || !post) {
        out.push({ id, ...(refused ?? { ok: false, code: 'not_found', message: POST_NOT_FOUND }) });
        continue;
      }
      changed.push(id);
      out.push({ id, ok: true, message: DONE[input.action] });
    }
    // The revisions go with their posts: their covers and link-preview images may be freed too.
    if (input.action === 'delete')
      freedImages.push(...(await imagesOfPosts({ sequelize: deps.sequelize, transaction }, changed)));
    if (changed.length > 0) await applyAction(deps, transaction, input.action, changed);
    return out;
  });
  await removeImagesIfUnused(deps, storage, freedImages);
  return results;
}

async function applyAction(deps: WriteDeps, transaction: Transaction, action: BulkPostAction, ids: number[]) {
  const options = { replacements: { ids, now: deps.clock.now() }, transaction };
  if (action === 'delete') {
    await deps.sequelize.query('DELETE FROM posts WHERE id IN (:ids)', options);
    return;
  }
  // Set by hand either way, as the switch does: a planned publication no longer applies.
  await deps.sequelize.query(
    `UPDATE posts SET published = ${action === 'publish'}, scheduled_at = NULL,
        version = version + 1, updated_at = :now
      WHERE id IN (:ids)`,
    options,
  );
  if (action === 'publish')
    for (const postId of ids) await recordFirstPublications(deps, transaction, { postId });
}

/** „Opublikowano 2 z 3 postów.”-like summary of a bulk action. */
export function bulkSummary(action: BulkPostAction, results: BulkPostResult[]): string {
  const done = results.filter((result) => result.ok).length;
  const noun = results.length === 1 ? 'posta' : 'postów';
  const verb = { publish: 'Opublikowano', unpublish: 'Cofnięto publikację', delete: 'Usunięto' }[action];
  return `${verb}: ${done} z ${results.length} ${noun}.`;
}
