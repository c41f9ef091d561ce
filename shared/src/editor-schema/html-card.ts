/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
import { Node } from '@tiptap/core';
import { cardFrameAttributes, cardKindOf, cellSpan } from '../post-cards.ts';
import {
  CODE_LANGUAGE_CLASS,
  DROPPED_WITH_CONTENT,
  HTML_CARD_CLASS,
  isPostHtmlTag,
  POST_HTML_SYNONYMS,
  POST_HTML_TAGS,
  TEXT_ALIGNMENTS,
} from '../post-html.ts';
import { IMAGE_SCHEMES, inlineImageSrcset, LINK_SCHEMES } from '../rules/index.ts';
import { ATOM_CARD } from './cards/atom-card.ts';

/** Elements that go with everything inside them (as the server's sanitizer drops them). */
const DROPPED: ReadonlySet<string> = new Set(DROPPED_WITH_CONTENT);

const ALIGNMENT_STYLE = new RegExp(`^text-align: (${TEXT_ALIGNMENTS.join('|')});?$`);

const hasScheme = (url: string, schemes: readonly string[]) => {
  const scheme = /^\s*([a-z][a-z0-9+.-]*):/i.exec(url)?.[1]?.toLowerCase();
  return scheme !== undefined && schemes.includes(scheme);
};

/** A card's frame attributes (checked as the server does), or null when the element frames no card. */
function frameOf(element: Element): Record<string, string> | null {
  const given = Object.fromEntries(Array.from(element.attributes, ({ name, value }) => [name, value]));
  // Classes other than the card's own are dropped first, as other editors add theirs.
  const own = Array.from(element.classList).filter((name) => cardKindOf(name) !== null);
  return cardFrameAttributes({ ...given, class: own.join(' ') });
}

/** Whether the post HTML allow-list keeps `name="value"` on `tag` (values checked as the server does). */
function keepsAttribute(tag: keyof typeof POST_HTML_TAGS, name: string, value: string): boolean {
  if (!(POST_HTML_TAGS[tag].attributes as readonly string[]).includes(name)) return false;
  switch (name) {
    case 'href':
      // An image uploaded here is the one relative address kept (a gallery links each image to itself).
      return hasScheme(value, LINK_SCHEMES) || inlineImageSrcset(value) !== null;
    case 'src':
      return inlineImageSrcset(value) !== null || hasScheme(value, IMAGE_SCHEMES);
    case 'style':
      return ALIGNMENT_STYLE.test(value.trim());
    case 'class':
      return tag === 'code' && CODE_LANGUAGE_CLASS.test(value);
    case 'colspan':
    case 'rowspan':
      return cellSpan(value) === value;
    default:
      return true;
  }
}

function cleanChildren(parent: Element | DocumentFragment): void {
  for (const comment of Array.from(parent.childNodes)) {
    if (comment.nodeType === comment.COMMENT_NODE) comment.remove();
  }
  for (const element0 of Array.from(parent.children)) {
    const given = element0.tagName.toLowerCase();
    if (DROPPED.has(given)) {
      element0.remove();
      continue;
    }
    cleanChildren(element0);
    const tag = POST_HTML_SYNONYMS[given] ?? given;
    const frame = tag === 'div' ? frameOf(element0) : null;
    if (!isPostHtmlTag(tag) || (tag === 'div' && frame === null)) {
      element0.replaceWith(...Array.from(element0.childNodes));
      continue;
    }
    if (frame) {
      // A card's frame: its checked attributes exactly, as the server writes them.
      for (const { name } of Array.from(element0.attributes)) element0.removeAttribute(name);
      for (const [name, value] of Object.entries(frame)) element0.setAttribute(name, value);
      continue;
    }
    let element = element0;
    if (tag !== given) {
      element = element0.ownerDocument.createElement(tag);
      element.append(...Array.from(element0.childNodes));
      element0.replaceWith(element);
    }
    for (const { name, value } of Array.from(element0.attributes)) {
      if (element !== element0) {
        if (keepsAttribute(tag, name, value)) element.setAttribute(name, value);
      } else if (!keepsAttribute(tag, name, value)) {
        element.removeAttribute(name);
      }
    }
  }
}

/**
 * The HTML an HTML card may hold: the post HTML allow-list (the one the server's sanitizer keeps),
 * applied in a template's content (an inert document: nothing in it loads or runs) made by `owner`
 * (the browser's document, or the server's). What is not on the list loses its tag and keeps its
 * text (script-like elements go whole), as on the server; the server sanitizes the card again on save.
 */
export function cleanCardHtml(html: string, owner: Document = document): string {
  const template = owner.createElement('template');
  template.innerHTML = html;
  cleanChildren(template.content);
  return template.innerHTML.trim();
}

/** Parts of a node's element, read by that node (a table's rows and cells, a toggle's title). */
const PARTS: ReadonlySet<string> = new Set(['div', 'tbody', 'tr', 'th', 'td', 'summary']);

/** Block elements of the allow-list that no other node takes go whole into a card; see below. */
const keptByCard = (element: HTMLElement): boolean => {
  const tag = element.tagName.toLowerCase();
  return isPostHtmlTag(tag) && POST_HTML_TAGS[tag].level === 'block' && !PARTS.has(tag);
};

/** Parsed card HTML, once per distinct source and document (getHTML runs on every keystroke). */
const templates = new Map<string, HTMLTemplateElement>();

/** A card's HTML as elements of `owner` (the browser's document when not given). */
export function cardContent(html: string, owner: Document = document): DocumentFragment {
  let template = templates.get(html);
  if (template?.ownerDocument !== owner) {
    template = owner.createElement('template');
    template.innerHTML = html;
    if (templates.size > 200) templates.clear();
    templates.set(html, template);
  }
  return template.content.cloneNode(true) as DocumentFragment;
}

export interface HtmlCardSchemaOptions {
  /** The document a card's element is made in when it is written (the browser's when not given). */
  document?: Document;
}

/**
 * Content the editor has no node for, kept as it is: an atom block holding sanitized HTML,
 * written as `<div class="html-card">…</div>`. Any block element of the post HTML allow-list that
 * no other node claims lands here whole (a figure holding a gallery, a caption with a link, a
 * figure around a quote), so opening and saving a post never drops what the server kept. Inline
 * elements are all marks, so none needs a card; an element off the list loses its tag and keeps its
 * text, exactly as the server's sanitizer treats it.
 */
export const HtmlCard = Node.create<HtmlCardSchemaOptions>({
  name: 'htmlCard',
  ...ATOM_CARD,

  addAttributes() {
    return { html: { default: '', rendered: false } };
  },

  parseHTML() {
    return [
      {
        tag: `div.${HTML_CARD_CLASS}`,
        priority: 100,
        getAttrs: (element) => ({ html: cleanCardHtml(element.innerHTML, element.ownerDocument) }),
      },
      // Last of all rules: whatever no node or mark claimed.
      {
        tag: '*',
        priority: 0,
        getAttrs: (element) =>
          keptByCard(element) ? { html: cleanCardHtml(element.outerHTML, element.ownerDocument) } : false,
      },
    ];
  },

  renderHTML({ node }) {
    const owner = this.options.document ?? document;
    const dom = owner.createElement('div');
    dom.className = HTML_CARD_CLASS;
    dom.append(cardContent(node.attrs.html as string, owner));
    return { dom };
  },
});
