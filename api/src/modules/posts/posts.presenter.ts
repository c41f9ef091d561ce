import type { PostDetail as PostDetailBody, PostSummary } from '@blog/shared';
import { presentPublicComment } from '../comments/comments.presenter.ts';
import { presentPostAuthor, presentPostBasics } from './post-basics.presenter.ts';
import type { PostRelations, PostRow } from './posts.queries.ts';
import type { PostDetail } from './posts.service.ts';

/** Allow-list of what a reader sees of a post; nothing else of the row reaches the response. */
export function presentPostSummary(row: PostRow, relations: PostRelations): PostSummary {
  return {
    ...presentPostBasics(row),
    readingTimeMinutes: Number(row.reading_time),
    author: presentPostAuthor(row, relations.authors),
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
