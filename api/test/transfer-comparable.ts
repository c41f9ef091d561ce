import type { TransferDocument } from '../src/modules/transfer/transfer-document.ts';

/**
 * The document with every id replaced by what names the object (ids differ after a re-import), and
 * without the authors' `active`: every imported account starts inactive, whatever it was before.
 */
export function comparable(document: TransferDocument) {
  const name = (list: { sourceId: string }[], key: string) => (id: string) =>
    (list.find((item) => item.sourceId === id) as Record<string, unknown> | undefined)?.[key];
  const author = name(document.authors, 'username');
  const category = name(document.categories, 'name');
  const tag = name(document.tags, 'name');
  const postSlug = name(document.posts, 'slug');
  const byJson = (a: unknown, b: unknown) => JSON.stringify(a).localeCompare(JSON.stringify(b));
  return {
    authors: document.authors.map(({ sourceId: _, active: _active, ...rest }) => rest).sort(byJson),
    categories: document.categories.map(({ sourceId: _, ...rest }) => rest).sort(byJson),
    tags: document.tags.map(({ sourceId: _, ...rest }) => rest).sort(byJson),
    posts: document.posts
      .map(({ sourceId: _, authorSourceId, categorySourceIds, tagSourceIds, ...rest }) => ({
        ...rest,
        author: authorSourceId && author(authorSourceId),
        categories: categorySourceIds.map(category).sort(),
        tags: tagSourceIds.map(tag).sort(),
      }))
      .sort(byJson),
    comments: document.comments
      .map(({ sourceId: _, postSourceId, ...rest }) => ({ ...rest, post: postSlug(postSourceId) }))
      .sort(byJson),
  };
}
