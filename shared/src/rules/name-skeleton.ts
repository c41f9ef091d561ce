import unhomoglyph from 'unhomoglyph';
import { normalizeName } from './normalize.ts';

/**
 * The confusable skeleton of a person's name (UTS #39, section 4 „Confusable Detection”): two names
 * whose skeletons are equal look alike ('аdmin' with a Cyrillic „а” and 'admin'; 'rn' and 'm'). The
 * mapping is Unicode's confusables.txt as the `unhomoglyph` package ships it; the algorithm is the
 * standard's: NFD, every character to its prototype, NFD again. Names are compared without regard to
 * case (usernames are unique whatever their case), so the name is folded to lower case first, and
 * again after the mapping: 'ADMIN', 'АDMIN' (a Cyrillic „А”) and 'admin' share one skeleton, and so do
 * 'g00gle' and 'google'. Runs of spaces count as one.
 *
 * Not part of `@blog/shared/rules`' index: only the API needs it, and the web bundle should not
 * carry the table. Its value is stored (users.username_skeleton, users.display_name_skeleton), so a
 * change of the table or of this function needs a migration that recomputes the stored values.
 */
export function nameSkeleton(name: string): string {
  const skeleton = (text: string) => unhomoglyph(text.toLowerCase().normalize('NFD')).normalize('NFD');
  // Twice: some prototypes are capitals ('0' is 'O'), so 'g00gle' is 'google' only once lowered again.
  return skeleton(skeleton(normalizeName(name)));
}

/** The skeleton of a display name, or null when there is none to compare (no name, or only spaces). */
export const displayNameSkeleton = (name: string | null | undefined): string | null =>
  name && name.trim() ? nameSkeleton(name) : null;
