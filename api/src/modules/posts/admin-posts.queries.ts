import { type AuthorRow, rowRelations, type WithRowRelations } from './posts.queries.ts';

export interface AdminPostRow {
  id: number;
  title: string;
  slug: string;
  excerpt: string | null;
  image_url: string | null;
  image_alt: string | null;
  published: boolean;
  created_at: Date;
  updated_at: Date;
  user_id: number | null;
  version: number;
  scheduled_at: Date | null;
}

/** The SEO and sharing panel's columns, read for the editor only (not the list). */
export interface PostSeoColumns {
  meta_title: string | null;
  meta_description: string | null;
  social_image_url: string | null;
}

export const POST_SEO_COLUMNS = 'p.meta_title, p.meta_description, p.social_image_url';

/** One post as the editor loads it. */
export type AdminPostFullRow = AdminPostRow & PostSeoColumns & { content: string };

export interface AdminPostRelations {
  authors: Map<number, AuthorRow>;
  /** Every category of the post, enabled or not, as ids. */
  categoryIds: Map<number, number[]>;
  tags: Map<number, string[]>;
}

export const ADMIN_POST_COLUMNS =
  'p.id, p.title, p.slug, p.excerpt, p.image_url, p.image_alt, p.published, p.created_at, p.updated_at, p.user_id, ' +
  'p.version, p.scheduled_at';

/** The panel's relations from rows read with ADMIN_ROW_RELATIONS_SQL's columns. */
export function adminRowRelations<R extends { id: number }>(
  read: WithRowRelations<R, number>[],
): { rows: R[]; relations: AdminPostRelations } {
  const { rows, relations } = rowRelations(read);
  return {
    rows,
    relations: { authors: relations.authors, categoryIds: relations.categories, tags: relations.tags },
  };
}
