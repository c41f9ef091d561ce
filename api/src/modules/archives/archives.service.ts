import { tagNameOf } from '@blog/shared/rules';
import { QueryTypes } from 'sequelize';
import type { Db } from '../../deps.ts';
import { VISIBLE_POST_SQL } from '../posts/posts.queries.ts';

/**
 * The readers' archives: which category and tag pages exist. A category page exists for a
 * visible category (a hidden one is no page, as it has no feed and its posts are not shown); a tag page
 * for a tag that a post readers may see carries (tags exist only through posts).
 */

export interface ArchiveCategory {
  id: number;
  name: string;
}

/** The visible category `id`, or null. */
export async function findArchiveCategory(db: Db, id: number): Promise<ArchiveCategory | null> {
  const [row] = await db.sequelize.query<ArchiveCategory>(
    'SELECT id, name FROM categories WHERE id = :id AND enabled',
    { type: QueryTypes.SELECT, replacements: { id }, transaction: db.transaction },
  );
  return row ?? null;
}

/** The tag named `name` (any case) in its own spelling, when a post readers may see carries it; else null. */
export async function findArchiveTag(db: Db, name: string): Promise<{ name: string } | null> {
  if (!tagNameOf(name)) return null;
  const [row] = await db.sequelize.query<{ name: string }>(
    `SELECT t.name FROM tags t
      WHERE lower(t.name) = lower(:name)
        AND EXISTS (SELECT 1 FROM post_tags pt JOIN posts p ON p.id = pt.post_id
                     WHERE pt.tag_id = t.id AND ${VISIBLE_POST_SQL})`,
    { type: QueryTypes.SELECT, replacements: { name: name.trim() }, transaction: db.transaction },
  );
  return row ?? null;
}

/** Visible categories that hold at least one post readers may see, by name: the sitemap's category pages. */
export async function listArchiveCategories(db: Db): Promise<ArchiveCategory[]> {
  return db.sequelize.query<ArchiveCategory>(
    `SELECT cat.id, cat.name FROM categories cat
      WHERE cat.enabled
        AND EXISTS (SELECT 1 FROM post_categories link JOIN posts p ON p.id = link.post_id
                     WHERE link.category_id = cat.id AND ${VISIBLE_POST_SQL})
      ORDER BY cat.name, cat.id`,
    { type: QueryTypes.SELECT, transaction: db.transaction },
  );
}
