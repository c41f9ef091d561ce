/**
 * A post title shortened for a narrow column: the comments screen cuts at 25 and adds '...'.
 * Counted in code points so a cut never splits an emoji or a combined letter in half.
 */
export function cutTitle(title: string, max: number, ellipsis = ''): string {
  const letters = Array.from(title);
  if (letters.length <= max) return title;
  return `${letters.slice(0, max).join('')}${ellipsis}`;
}

/**
 * A title of at most `max` characters ending with '…' when it was shortened, cut after the last whole
 * word that fits (a plain cut at 20 characters left words halved, „Jak technologia krad”).
 * A single word longer than `max` is cut inside it, still with the ellipsis.
 */
export function cutTitleAtWord(title: string, max: number): string {
  const letters = Array.from(title.trim());
  if (letters.length <= max) return letters.join('');
  const room = letters.slice(0, max - 1);
  const nextIsSpace = /\s/u.test(letters[max - 1]!);
  const lastSpace = room.findLastIndex((letter) => /\s/u.test(letter));
  const kept = nextIsSpace ? room : lastSpace > 0 ? room.slice(0, lastSpace) : room;
  return `${kept.join('').replace(/[\s,.;:–—-]+$/u, '')}…`;
}

/** The post title a dashboard comment row shows: shortened at a word, or 'Nieznany post' when the post is gone. */
export function commentPostTitle(post: { title: string } | null | undefined, max: number): string {
  return post?.title ? cutTitleAtWord(post.title, max) : 'Nieznany post';
}
