import sanitizeHtml from 'sanitize-html';
import { htmlToText } from '../../html/html-text.ts';
import { sanitizePostHtml } from '../../html/sanitize-html.ts';

/** What the editor could never have written and the sanitizer drops: reported per post. */
const UNSAFE = /<\s*(script|iframe|object|embed|style|form|svg)\b|\son[a-z]+\s*=|javascript\s*:/i;

/** Every <img src> of a post body, in order, without repeats. */
export function imageSources(html: string): string[] {
  const sources = new Set<string>();
  // Tags are read before any attribute check, so relative and data: addresses are seen too.
  sanitizeHtml(html, {
    allowedTags: false,
    allowedAttributes: false,
    allowVulnerableTags: true,
    transformTags: {
      img: (tagName, attribs) => {
        if (attribs.src) sources.add(attribs.src);
        return { tagName, attribs };
      },
    },
  });
  return [...sources];
}

/**
 * The body as it is stored: each image replaced by its imported copy (an absolute address of this
 * blog, the only kind of image address the editor's allow-list keeps), then sanitized with that
 * allow-list. `unsafe` says whether anything hostile was there to drop.
 */
export function importedPostHtml(
  html: string,
  images: ReadonlyMap<string, string>,
): { content: string; contentText: string; unsafe: boolean } {
  const rewritten = sanitizeHtml(html, {
    allowedTags: false,
    allowedAttributes: false,
    allowVulnerableTags: true,
    transformTags: {
      img: (tagName, attribs) => {
        const replacement = attribs.src ? images.get(attribs.src) : undefined;
        return { tagName, attribs: replacement ? { ...attribs, src: replacement } : attribs };
      },
    },
  });
  // Dropped block-editor comments and embeds leave blank lines behind: one newline between tags is
  // the same whitespace to a browser.
  const content = sanitizePostHtml(rewritten)
    .replace(/>\s*\n\s*</g, '>\n<')
    .trim();
  return { content, contentText: htmlToText(content), unsafe: UNSAFE.test(html) };
}
