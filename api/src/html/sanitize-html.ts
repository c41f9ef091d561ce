import { IMAGE_SCHEMES, INLINE_IMAGE_SIZES, inlineImageSrcset, LINK_SCHEMES } from '@blog/shared/rules';
import { CARD_CLASSES, cardFrameAttributes, cardKindOf, cellSpan } from '@blog/shared/post-cards';
import {
  CODE_LANGUAGE_CLASS,
  DROPPED_WITH_CONTENT,
  POST_HTML_SYNONYMS,
  POST_HTML_TAG_NAMES,
  POST_HTML_TAGS,
  TEXT_ALIGNMENTS,
} from '@blog/shared/post-html';
import sanitizeHtml from 'sanitize-html';

/** Link schemes the editor may produce (shared with the editor's own check); anything else is dropped. */
export const ALLOWED_LINK_SCHEMES: readonly string[] = LINK_SCHEMES;

/** Images by web address only: never data:, never a script scheme. */
export const ALLOWED_IMAGE_SCHEMES: readonly string[] = IMAGE_SCHEMES;

/** What the editor's links carry (spec: links open in a new tab, without handing the opener over). */
export const LINK_REL = 'noopener noreferrer';

const ALIGNMENTS: ReadonlySet<string> = new Set(TEXT_ALIGNMENTS);

/**
 * The one style the editor writes (TipTap TextAlign: `style="text-align: center"`), rebuilt from
 * scratch in the editor's own spelling so an edited post round-trips unchanged; every other
 * declaration (colour, expression(), url(), behaviour) is dropped with the rest of the attribute.
 */
function alignmentStyle(style: string | undefined): string | undefined {
  if (!style) return undefined;
  let alignment: string | undefined;
  for (const declaration of style.split(';')) {
    const match = /^\s*text-align\s*:\s*([a-z]+)\s*$/i.exec(declaration);
    const value = match?.[1]?.toLowerCase();
    if (value && ALIGNMENTS.has(value)) alignment = value;
  }
  return alignment ? `text-align: ${alignment}` : undefined;
}

/**
 * The editor only accepts absolute addresses with an allowed scheme (its link and image prompts), so
 * the server keeps exactly those: relative and scheme-less addresses go too. sanitize-html's own
 * scheme check runs after this, on top.
 */
function allowedUrl(url: string | undefined, schemes: readonly string[]): string | undefined {
  if (url === undefined) return undefined;
  // An image uploaded here, the one relative address kept (a gallery links each image to itself).
  if (inlineImageSrcset(url)) return url;
  const scheme = /^\s*([a-z][a-z0-9+.-]*):/i.exec(url)?.[1]?.toLowerCase();
  return scheme && schemes.includes(scheme) ? url : undefined;
}

/** A pixel size as the editor writes it (`width="1600"`); anything else is dropped. */
const pixels = (value: string | undefined): string | undefined =>
  value !== undefined && /^[1-9][0-9]{0,4}$/.test(value.trim()) ? value.trim() : undefined;

/**
 * An image as the editor writes it, attributes in its order (src, srcset, sizes, alt, title, width,
 * height). An image uploaded here (`/api/images/<id>-<W>w.webp`, the one relative address kept) gets
 * its `srcset` and `sizes` rebuilt from `src`, so a sent `srcset` can never point anywhere else; any
 * other image has none.
 */
function imageAttributes(given: sanitizeHtml.Attributes): sanitizeHtml.Attributes {
  const srcset = inlineImageSrcset(given.src);
  const src = srcset ? given.src : allowedUrl(given.src, ALLOWED_IMAGE_SCHEMES);
  if (!src) return {};
  const optional = {
    alt: given.alt,
    title: given.title,
    width: pixels(given.width),
    height: pixels(given.height),
  };
  return {
    src,
    ...(srcset ? { srcset, sizes: INLINE_IMAGE_SIZES } : {}),
    ...Object.fromEntries(Object.entries(optional).filter(([, value]) => value !== undefined)),
  } as sanitizeHtml.Attributes;
}

/** The one card class among a div's classes (other editors add their own next to it), if exactly one. */
function cardClass(classes: string | undefined): string | undefined {
  const cards = (classes ?? '').split(/\s+/).filter((name) => cardKindOf(name) !== null);
  return cards.length === 1 ? cards[0] : undefined;
}

/** A table cell's spans as the editor writes them: only when more than one, as a plain number. */
function cellAttributes(given: sanitizeHtml.Attributes): sanitizeHtml.Attributes {
  const colspan = cellSpan(given.colspan);
  const rowspan = cellSpan(given.rowspan);
  return { ...(colspan ? { colspan } : {}), ...(rowspan ? { rowspan } : {}) };
}

const aligned =
  (tagName: string): sanitizeHtml.Transformer =>
  (_tag, given) => {
    const style = alignmentStyle(given.style);
    const attribs: sanitizeHtml.Attributes = style ? { style } : {};
    return { tagName, attribs };
  };

/**
 * The allow-list is the editor's own (POST_HTML_TAGS, read by the editor's schema test too): bold,
 * italic, underline, strikethrough, sub- and superscript, `kbd`, highlight, inline code, headings
 * 1–4, bullet and numbered lists, quotes, code blocks (`<pre><code>`, with their language as a
 * `language-…` class), horizontal rules, links with the allowed schemes (new tab,
 * `rel="noopener noreferrer"`), images by http(s) URL (never data:) or uploaded here (with
 * `srcset`), alone, in a link or in a `<figure>` with a `<figcaption>`, `text-align`
 * (left/center/right/justify) as the only style, on paragraphs and headings, tables (a header row
 * of `th`, cell spans), toggles (`<details><summary>`), and the cards' frames (`<div class="…-card">`
 * with their checked attributes, @blog/shared/post-cards), whose content passes the same list. Anything else loses its tag
 * (its text stays) or, for script-like elements, disappears with its content.
 */
const options: sanitizeHtml.IOptions = {
  allowedTags: [...POST_HTML_TAG_NAMES],
  allowedAttributes: Object.fromEntries(
    POST_HTML_TAG_NAMES.map((name) => [name, [...POST_HTML_TAGS[name].attributes]]),
  ),
  // A code block's language as the editor writes it (TipTap CodeBlock, ```js): one class, nothing else.
  allowedClasses: { code: [CODE_LANGUAGE_CLASS], div: Object.values(CARD_CLASSES) },
  // The transforms above already reduce `style` to one exact declaration; parsing it again would
  // respell it (`text-align:center`) and break the editor's round trip.
  parseStyleAttributes: false,
  allowedSchemes: [...ALLOWED_LINK_SCHEMES],
  allowedSchemesByTag: { img: [...ALLOWED_IMAGE_SCHEMES] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // What goes whole, as in the editor's HTML card (DROPPED_WITH_CONTENT says why).
  nonTextTags: [...DROPPED_WITH_CONTENT],
  transformTags: {
    ...Object.fromEntries(
      POST_HTML_TAG_NAMES.filter((name) => POST_HTML_TAGS[name].attributes.includes('style')).map((name) => [
        name,
        aligned(name),
      ]),
    ),
    // What other editors write for the same marks and headings (h5, h6: the editor's smallest, h4).
    ...Object.fromEntries(
      Object.entries(POST_HTML_SYNONYMS).map(([name, own]) => [
        name,
        POST_HTML_TAGS[own].attributes.includes('style') ? aligned(own) : own,
      ]),
    ),
    // The editor's own attribute order (TipTap Link), so an edited post round-trips unchanged. A
    // refused address leaves an inert <a> without href around the text.
    // Links open in a new tab unless the editor's „Otwórz w nowej karcie” was unticked (`_self`).
    a: (_tag, attribs) => {
      const href = allowedUrl(attribs.href, ALLOWED_LINK_SCHEMES);
      const target = attribs.target === '_self' ? '_self' : '_blank';
      return { tagName: 'a', attribs: { target, rel: LINK_REL, ...(href ? { href } : {}) } };
    },
    img: (_tag, attribs) => ({ tagName: 'img', attribs: imageAttributes(attribs) }),
    // A card's frame keeps its checked attributes in the editor's order; any other div keeps none.
    div: (_tag, attribs) => ({
      tagName: 'div',
      attribs: cardFrameAttributes({ ...attribs, class: cardClass(attribs.class) }) ?? {},
    }),
    th: (_tag, attribs) => ({ tagName: 'th', attribs: cellAttributes(attribs) }),
    td: (_tag, attribs) => ({ tagName: 'td', attribs: cellAttributes(attribs) }),
  },
  // An image whose address was refused is nothing at all; a div is kept only as a card's
  // frame, any other loses its tag and keeps its content.
  exclusiveFilter: (frame) => {
    if (frame.tag === 'img') return !frame.attribs.src;
    if (frame.tag === 'div' && cardFrameAttributes(frame.attribs) === null) return 'excludeTag';
    return false;
  },
};

/**
 * Sanitized post HTML, spelled as the editor spells it (`<br>`, `<img src="…">`, not `<br />`):
 * every `>` inside text or an attribute is escaped by then, so ` />` can only close a void tag.
 */
export const sanitizePostHtml = (html: string): string => sanitizeHtml(html, options).replaceAll(' />', '>');
