import type { AdminPost } from '@blog/shared';
import { ApiError } from '../../../api/api-error.ts';
import { buildPostInput, type PostEditorValues } from './post.form.ts';

/** The save was refused because someone saved the post since it was loaded (409, field `version`). */
export const isVersionConflict = (error: unknown): boolean =>
  error instanceof ApiError && error.status === 409 && error.body?.field === 'version';

const FIELD_LABELS = {
  title: 'Tytuł',
  slug: 'Slug',
  excerpt: 'Zajawka',
  content: 'Treść',
  imageUrl: 'Obraz',
  published: 'Status publikacji',
  categories: 'Kategorie',
  tags: 'Tagi',
  // The SEO and sharing panel.
  metaTitle: 'Tytuł SEO',
  metaDescription: 'Opis SEO',
  socialImageUrl: 'Obraz do udostępniania',
} as const;

type Comparable = Pick<AdminPost, keyof typeof FIELD_LABELS>;

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Which fields (their Polish labels) differ between two copies of a post, in the editor's order. */
export function changedFields(before: Comparable, after: Comparable): string[] {
  return (Object.keys(FIELD_LABELS) as (keyof typeof FIELD_LABELS)[])
    .filter((key) => {
      if (key === 'categories') return !same([...before.categories].sort(), [...after.categories].sort());
      return !same(before[key] ?? null, after[key] ?? null);
    })
    .map((key) => FIELD_LABELS[key]);
}

/** The form's values in the shape of a stored post, so they compare field by field. */
export function comparableValues(values: PostEditorValues): Comparable {
  const input = buildPostInput(values);
  return {
    title: input.title,
    slug: input.slug,
    excerpt: input.excerpt ?? null,
    content: input.content,
    imageUrl: input.imageUrl ?? null,
    published: input.published ?? true,
    categories: input.categories ?? [],
    tags: input.tags ?? [],
    metaTitle: input.metaTitle ?? null,
    metaDescription: input.metaDescription ?? null,
    socialImageUrl: input.socialImageUrl ?? null,
  };
}

/** Plain text of editor HTML (paragraphs and line breaks kept as new lines). */
export function htmlToPlainText(html: string): string {
  const doc = new DOMParser().parseFromString(
    html.replace(/<\/(p|h[1-6]|li|blockquote)>|<br\s*\/?>/gi, (tag) => `${tag}\n`),
    'text/html',
  );
  return (doc.body.textContent ?? '').replace(/\n{3,}/g, '\n\n').trim();
}

/** What „Skopiuj mój tekst” puts on the clipboard as plain text: title, excerpt, then the body. */
export function myTextOf(values: PostEditorValues): string {
  return [values.title, values.excerpt, htmlToPlainText(values.content)]
    .filter((part) => part.trim())
    .join('\n\n');
}

/** Copies the person's version: HTML (pastes back into the editor with its formatting) and plain text. */
export async function copyMyText(values: PostEditorValues): Promise<void> {
  const text = myTextOf(values);
  const html = `<h1>${escapeHtml(values.title)}</h1>${values.content}`;
  if (typeof ClipboardItem !== 'undefined' && navigator.clipboard?.write) {
    await navigator.clipboard.write([
      new ClipboardItem({
        'text/plain': new Blob([text], { type: 'text/plain' }),
        'text/html': new Blob([html], { type: 'text/html' }),
      }),
    ]);
    return;
  }
  await navigator.clipboard.writeText(text);
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"]/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[char]!);
