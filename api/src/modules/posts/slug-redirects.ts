import type { Request, Response } from 'express';
import { QueryTypes, type Transaction } from 'sequelize';
import type { Config } from '../../config.ts';
import type { Db } from '../../deps.ts';
import { isPersonal } from '../public-cache/send-public.ts';
import { privateHeaders, redirectHeaders } from '../public-cache/shared-caching.ts';
import { VISIBLE_POST_SQL } from './posts.queries.ts';

/**
 * Keeps the old slug of a post readers have seen as a permanent redirect to it, in the saving
 * transaction. The row names the post, so every older slug follows it too (chains collapse); the new
 * slug stops redirecting (the post took it back, or had it before).
 */
export async function recordSlugChange(
  db: Db & { transaction: Transaction },
  change: { postId: number; oldSlug: string; newSlug: string; wasPublic: boolean },
): Promise<void> {
  if (change.oldSlug === change.newSlug) return;
  await releaseSlug(db, change.newSlug);
  if (!change.wasPublic) return;
  await db.sequelize.query(
    `INSERT INTO post_slug_redirects (old_slug, post_id) VALUES (:oldSlug, :postId)
     ON CONFLICT (old_slug) DO UPDATE SET post_id = EXCLUDED.post_id, created_at = now()`,
    { replacements: { oldSlug: change.oldSlug, postId: change.postId }, transaction: db.transaction },
  );
}

/** A post takes `slug`: an old slug of another post by that name stops redirecting. */
export async function releaseSlug(db: Db, slug: string): Promise<void> {
  await db.sequelize.query('DELETE FROM post_slug_redirects WHERE old_slug = :slug', {
    replacements: { slug },
    transaction: db.transaction,
  });
}

/** The current slug of the visible post that once had `slug` (null when none, or a post has it now). */
export async function findSlugRedirect(db: Db, slug: string): Promise<string | null> {
  const [row] = await db.sequelize.query<{ slug: string }>(
    `SELECT p.slug FROM post_slug_redirects r JOIN posts p ON p.id = r.post_id
      WHERE r.old_slug = :slug AND ${VISIBLE_POST_SQL}
        AND NOT EXISTS (SELECT 1 FROM posts taken WHERE taken.slug = :slug)`,
    { type: QueryTypes.SELECT, replacements: { slug }, transaction: db.transaction },
  );
  return row?.slug ?? null;
}

const MAY_BE_SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** An address's old slug leading on: asked only once the slug found no post (see oldSlugRedirects). */
export interface OldSlugRedirects {
  /**
   * The current slug of the visible post that once had `slug`; null when none. Numeric ids (/post/12)
   * and anything that cannot be a slug never redirect.
   */
  find(slug: string): Promise<string | null>;
  /** The 301 to `location`, kept by a cache in front as the purge target allows (never a signed-in caller's). */
  send(req: Request, res: Response, location: string): void;
}

/**
 * Old slugs answer 301 to the post's address. A slug a post has now is never an old slug that
 * redirects (findSlugRedirect), so the routes ask only when the slug found no post: an article's miss
 * does not wait for a lookup that cannot change its answer.
 */
export function oldSlugRedirects(ctx: Db & { config: Pick<Config, 'CDN_PURGE'> }): OldSlugRedirects {
  const headers = redirectHeaders(ctx.config.CDN_PURGE);
  return {
    async find(slug) {
      if (/^\d+$/.test(slug) || !MAY_BE_SLUG.test(slug) || slug.length > 200) return null;
      return findSlugRedirect(ctx, slug);
    },
    send(req, res, location) {
      res.set(isPersonal(req, res) ? privateHeaders(headers) : headers);
      res.redirect(301, location);
    },
  };
}
