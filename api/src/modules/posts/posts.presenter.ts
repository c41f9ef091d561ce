import type { PostDetail as PostDetailBody, PostSummary } from '@blog/shared';
import { presentPublicComment } from '../comments/comments.presenter.ts';
import type { PostRelations, PostRow } from './posts.queries.ts';
import type { PostDetail } from './posts.service.ts';

/** Allow-list of what a reader sees of a post; nothing else of the row reaches the response. */
export function presentPostSummary(row: PostRow, relations: PostRelations): PostSummary {
  const author = row.user_id === null ? undefined : relations.authors.get(row.user_id);
  return {
    id: row.id,
    title: row.title,
    slug: row.slug,
    excerpt: row.excerpt,
    imageUrl: row.image_url,
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
    readingTimeMinutes: Number(row.reading_time),
    author: author
      ? { displayName: author.display_name, username: author.username, role: author.role }
      : null,
    categories: relations.categories.get(row.id) ?? [],
    tags: relations.tags.get(row.id) ?? [],
    ...(row.search_fragment ? { searchFragment: row.search_fragment } : {}),
  };
}

export function presentPostDetail(detail: PostDetail): PostDetailBody {
  return {
    ...presentPostSummary(detail.row, detail.relations),
    imageAlt: detail.row.image_alt,
    content: detail.content,
    comments: detail.comments.map(presentPublicComment),
    metaTitle: detail.metaTitle,
  };
}
