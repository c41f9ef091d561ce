/**
 * A post title shortened for a narrow column. The dashboard cuts at 20 characters as the spec says (no
 * ellipsis); the comments screen cuts at 25 and adds '...' (spec §2, §9). Counted in code points so a
 * cut never splits an emoji or a combined letter in half.
 */
export function cutTitle(title: string, max: number, ellipsis = ''): string {
  const letters = Array.from(title);
  if (letters.length <= max) return title;
  return `${letters.slice(0, max).join('')}${ellipsis}`;
}

/** The post title a comment row shows: cut, or 'Nieznany post' when the post is gone (dashboard). */
export function commentPostTitle(
  post: { title: string } | null | undefined,
  max: number,
  ellipsis = '',
): string {
  return post?.title ? cutTitle(post.title, max, ellipsis) : 'Nieznany post';
}
