import type { AdminPost, PostInput } from '@blog/shared';
import { normaliseTypedSlug, normalizeIdentifier, postForm, slugFromTitle } from '@blog/shared/rules';
import { isoToWarsawLocal, warsawLocalToIso } from '../../../lib/warsaw-time.ts';
import { yupFromForm } from '../../../lib/yup-from-rules.ts';

/** What the editor form holds; `image` is a file picked but not sent yet. */
export interface PostEditorValues {
  title: string;
  slug: string;
  content: string;
  excerpt: string;
  published: boolean;
  /** The stored image (/uploads/... or an http(s) URL); '' when none. */
  imageUrl: string;
  /** The image's alternative text; '' means the title stands for it. */
  imageAlt: string;
  categories: number[];
  tags: string[];
  /** „Zaplanuj publikację” as the picker holds it, Warsaw time (YYYY-MM-DDTHH:mm); '' when none. */
  scheduledAt: string;
  /** „SEO i udostępnianie”: '' means the title, the excerpt and the cover stand in. */
  metaTitle: string;
  metaDescription: string;
  /** The stored link-preview image (/uploads/... or an http(s) URL); '' when none. */
  socialImageUrl: string;
}

// Rules and messages come from @blog/shared/rules, shared with the API.
export const postSchema = yupFromForm(postForm);

/** A new post: published by default, everything else empty. */
export const newPostValues: PostEditorValues = {
  title: '',
  slug: '',
  content: '',
  excerpt: '',
  published: true,
  imageUrl: '',
  imageAlt: '',
  categories: [],
  tags: [],
  scheduledAt: '',
  metaTitle: '',
  metaDescription: '',
  socialImageUrl: '',
};

export function postValuesFrom(post: AdminPost): PostEditorValues {
  return {
    title: post.title,
    slug: post.slug,
    content: post.content,
    excerpt: post.excerpt ?? '',
    published: post.published,
    imageUrl: post.imageUrl ?? '',
    imageAlt: post.imageAlt ?? '',
    categories: [...post.categories],
    tags: [...post.tags],
    scheduledAt: post.scheduledAt ? isoToWarsawLocal(post.scheduledAt) : '',
    metaTitle: post.metaTitle ?? '',
    metaDescription: post.metaDescription ?? '',
    socialImageUrl: post.socialImageUrl ?? '',
  };
}

/** The JSON of the multipart field `postData`: trimmed, empty optional fields as null. */
export function buildPostInput(values: PostEditorValues): PostInput {
  const excerpt = values.excerpt.trim();
  const imageUrl = values.imageUrl.trim();
  return {
    title: values.title.trim(),
    slug: values.slug.trim(),
    content: values.content,
    excerpt: excerpt || null,
    published: values.published,
    imageUrl: imageUrl || null,
    imageAlt: values.imageAlt.trim() || null,
    // Ids converted to numbers before the update.
    categories: [...new Set(values.categories.map(Number))],
    tags: normaliseTags(values.tags),
    // No plan (or one removed) is sent as null: the post is published as the switch says.
    scheduledAt: values.scheduledAt ? warsawLocalToIso(values.scheduledAt) : null,
    // A draft kept before the SEO panel existed has no such fields: none.
    metaTitle: (values.metaTitle ?? '').trim() || null,
    metaDescription: (values.metaDescription ?? '').trim() || null,
    socialImageUrl: (values.socialImageUrl ?? '').trim() || null,
  };
}

/** Trimmed, non-empty, first spelling kept when a tag repeats. */
function normaliseTags(tags: readonly string[]): string[] {
  return tags.reduce<string[]>((kept, tag) => addTag(kept, tag), []);
}

/**
 * Enter adds a trimmed, non-empty tag; a duplicate is ignored. Returns the same list when
 * nothing changes. Normalized as the server stores tags (NFC, plain spaces, no zero-width
 * characters), so a look-alike spelling is the duplicate it is rather than a second chip.
 */
export function addTag(tags: readonly string[], typed: string): string[] {
  const tag = normalizeIdentifier(typed);
  if (!tag || tags.includes(tag)) return tags as string[];
  return [...tags, tag];
}

export function removeTag(tags: readonly string[], tag: string): string[] {
  return tags.filter((item) => item !== tag);
}

/** What the slug field keeps while a person types in it. */
export const typedSlug = normaliseTypedSlug;

/**
 * The slug after the title changed (generated only while the slug field is empty). A slug that
 * is empty, or is still exactly the one generated from the previous title (the person has not touched
 * it), follows the whole title as it is typed; a slug the person typed or edited always stays.
 */
export function slugAfterTitleChange(title: string, currentSlug: string, previousTitle: string): string {
  const untouched = currentSlug === '' || currentSlug === slugFromTitle(previousTitle);
  return untouched ? slugFromTitle(title) : currentSlug;
}

export function toggleCategory(selected: readonly number[], id: number, checked: boolean): number[] {
  if (checked) return selected.includes(id) ? [...selected] : [...selected, id];
  return selected.filter((item) => item !== id);
}

/** The image hint, in the panel's Polish. */
export const IMAGE_HINT = 'PNG, JPG lub GIF, maks. 5MB, idealnie 1200x800 px (3:2)';
