/** The initials Chakra's Avatar.Fallback shows: the first letters of the first and the last word. */
export function initialsOf(name: string): string {
  const names = name.trim().split(' ');
  const first = names[0] ?? '';
  const last = names.length > 1 ? names[names.length - 1]! : '';
  return first && last ? `${first.charAt(0)}${last.charAt(0)}` : first.charAt(0);
}

/**
 * A person's initials in a circle (Chakra's small avatar in the brand palette), styled by
 * theme/public-static.css: a byline and every comment draw one.
 */
export function InitialsAvatar({ name }: { name: string }) {
  return (
    <div className="avatar">
      <span className="avatar__initials">{initialsOf(name)}</span>
    </div>
  );
}
