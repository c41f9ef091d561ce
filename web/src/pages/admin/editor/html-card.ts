import { cardFrameAttributes, cardKindOf, cellSpan } from '@blog/shared/post-cards';
import {
  CODE_LANGUAGE_CLASS,
  DROPPED_WITH_CONTENT,
  HTML_CARD_CLASS,
  isPostHtmlTag,
  POST_HTML_SYNONYMS,
  POST_HTML_TAGS,
  TEXT_ALIGNMENTS,
} from '@blog/shared/post-html';
import { IMAGE_SCHEMES, inlineImageSrcset, LINK_SCHEMES } from '@blog/shared/rules';
import { Node } from '@tiptap/core';
import type { Node as ProseMirrorNode } from '@tiptap/pm/model';
import { ATOM_CARD, cardButton } from './cards/atom-card.ts';

declare module '@tiptap/core' {
  interface Commands<ReturnType> {
    htmlCard: {
      /** Replaces the HTML of the card at `position` (cleaned); an empty result removes the card. */
      setHtmlCardSource: (position: number, html: string) => ReturnType;
      /** Inserts an empty card at the selection; an administrator's opens with its source field. */
      insertHtmlCard: () => ReturnType;
    };
  }
}

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

function cleanChildren(parent: Element): void {
  for (const comment of Array.from(parent.childNodes)) {
    if (comment.nodeType === comment.COMMENT_NODE) comment.remove();
  }
  for (const child of Array.from(parent.children)) {
    const given = child.tagName.toLowerCase();
    if (DROPPED.has(given)) {
      child.remove();
      continue;
    }
    cleanChildren(child);
    const tag = POST_HTML_SYNONYMS[given] ?? given;
    const frame = tag === 'div' ? frameOf(child) : null;
    if (!isPostHtmlTag(tag) || (tag === 'div' && frame === null)) {
      child.replaceWith(...Array.from(child.childNodes));
      continue;
    }
    if (frame) {
      // A card's frame: its checked attributes exactly, as the server writes them.
      for (const { name } of Array.from(child.attributes)) child.removeAttribute(name);
      for (const [name, value] of Object.entries(frame)) child.setAttribute(name, value);
      continue;
    }
    let element = child;
    if (tag !== given) {
      element = child.ownerDocument.createElement(tag);
      element.append(...Array.from(child.childNodes));
      child.replaceWith(element);
    }
    for (const { name, value } of Array.from(child.attributes)) {
      if (element !== child) {
        if (keepsAttribute(tag, name, value)) element.setAttribute(name, value);
      } else if (!keepsAttribute(tag, name, value)) {
        element.removeAttribute(name);
      }
    }
  }
}

/**
 * The HTML an HTML card may hold: the post HTML allow-list (the one the server's sanitizer keeps),
 * applied in an inert document so nothing in it loads or runs while it is read. What is not on the
 * list loses its tag and keeps its text (script-like elements go whole), as on the server; the server
 * sanitizes the card again on save, this only keeps the editor's preview safe before that.
 */
export function cleanCardHtml(html: string): string {
  const document = new DOMParser().parseFromString(`<!doctype html><body>${html}`, 'text/html');
  cleanChildren(document.body);
  return document.body.innerHTML.trim();
}

/** Parts of a node's element, read by that node (a table's rows and cells, a toggle's title). */
const PARTS: ReadonlySet<string> = new Set(['div', 'tbody', 'tr', 'th', 'td', 'summary']);

/** Block elements of the allow-list that no other node takes go whole into a card; see below. */
const keptByCard = (element: HTMLElement): boolean => {
  const tag = element.tagName.toLowerCase();
  return isPostHtmlTag(tag) && POST_HTML_TAGS[tag].level === 'block' && !PARTS.has(tag);
};

/** Parsed card HTML, once per distinct source (getHTML runs on every keystroke). */
const templates = new Map<string, HTMLTemplateElement>();
function contentOf(html: string): DocumentFragment {
  let template = templates.get(html);
  if (!template) {
    template = document.createElement('template');
    template.innerHTML = html;
    if (templates.size > 200) templates.clear();
    templates.set(html, template);
  }
  return template.content.cloneNode(true) as DocumentFragment;
}

export const HTML_CARD_LABEL = 'Blok HTML';

export interface HtmlCardOptions {
  /** Whether the person may edit the card's HTML source (administrators); asked when a card is drawn. */
  canEditSource: () => boolean;
}

/**
 * Content the editor has no node for, kept as it is: an atom block holding sanitized HTML,
 * written as `<div class="html-card">…</div>`. Any block element of the post HTML allow-list that
 * no other node claims lands here whole (a figure holding a gallery, a caption with a link, a
 * figure around a quote), so opening and saving a post never drops what the server kept. Inline
 * elements are all marks of the editor, so none needs a card; an element off the list loses its
 * tag and keeps its text, exactly as the server's sanitizer treats it (an import reports such losses
 * when it sanitizes). In the editor a card is a framed preview labelled „Blok HTML”: anyone can move
 * or delete it, an administrator can also edit its HTML.
 */
export const HtmlCard = Node.create<HtmlCardOptions>({
  name: 'htmlCard',
  ...ATOM_CARD,

  addOptions() {
    return { canEditSource: () => false };
  },

  addAttributes() {
    return { html: { default: '', rendered: false } };
  },

  parseHTML() {
    return [
      {
        tag: `div.${HTML_CARD_CLASS}`,
        priority: 100,
        getAttrs: (element) => ({ html: cleanCardHtml(element.innerHTML) }),
      },
      // Last of all rules: whatever no node or mark claimed.
      {
        tag: '*',
        priority: 0,
        getAttrs: (element) => (keptByCard(element) ? { html: cleanCardHtml(element.outerHTML) } : false),
      },
    ];
  },

  renderHTML({ node }) {
    const dom = document.createElement('div');
    dom.className = HTML_CARD_CLASS;
    dom.append(contentOf(node.attrs.html as string));
    return { dom };
  },

  addCommands() {
    return {
      insertHtmlCard:
        () =>
        ({ commands }) =>
          commands.insertContent({ type: this.name, attrs: { html: '' } }),
      setHtmlCardSource:
        (position, html) =>
        ({ tr, state, dispatch }) => {
          const node = state.doc.nodeAt(position);
          if (node?.type.name !== this.name) return false;
          const clean = cleanCardHtml(html);
          if (dispatch) {
            if (clean === '') tr.delete(position, position + node.nodeSize);
            else tr.setNodeMarkup(position, undefined, { html: clean });
          }
          return true;
        },
    };
  },

  addNodeView() {
    return ({ node: initial, editor, getPos }) => {
      let node: ProseMirrorNode = initial;
      const dom = document.createElement('div');
      dom.className = 'html-card-view';
      dom.contentEditable = 'false';
      dom.setAttribute('role', 'group');
      dom.setAttribute('aria-label', HTML_CARD_LABEL);

      const bar = document.createElement('div');
      bar.className = 'html-card-bar';
      const label = document.createElement('span');
      label.textContent = HTML_CARD_LABEL;
      bar.append(label);
      const actions = [cardButton('Przesuń w górę', 'up'), cardButton('Przesuń w dół', 'down')];
      if (this.options.canEditSource()) actions.push(cardButton('Edytuj HTML', 'edit'));
      actions.push(cardButton('Usuń blok', 'delete'));
      bar.append(...actions);

      const preview = document.createElement('div');
      preview.className = 'html-card-preview';
      preview.append(contentOf(node.attrs.html as string));
      dom.append(bar, preview);

      let source: HTMLElement | null = null;
      const deleteCard = (position: number) =>
        editor
          .chain()
          .focus()
          .command(({ tr }) => {
            tr.delete(position, position + node.nodeSize);
            return true;
          })
          .run();
      const closeSource = () => {
        source?.remove();
        source = null;
        preview.hidden = false;
      };
      const openSource = () => {
        if (source) return;
        source = document.createElement('div');
        source.className = 'html-card-source';
        const textarea = document.createElement('textarea');
        textarea.setAttribute('aria-label', 'Kod HTML bloku');
        textarea.value = node.attrs.html as string;
        textarea.rows = Math.min(20, Math.max(4, textarea.value.split('\n').length + 1));
        source.append(textarea, cardButton('Zastosuj', 'apply'), cardButton('Anuluj', 'cancel'));
        preview.hidden = true;
        dom.append(source);
        textarea.focus();
      };
      // A new card (empty: a card's HTML is never empty otherwise) opens where its HTML is written,
      // once the card is in the page and the editor's own focus (after the insert) has happened.
      if (node.attrs.html === '' && this.options.canEditSource()) {
        openSource();
        requestAnimationFrame(() => requestAnimationFrame(() => source?.querySelector('textarea')?.focus()));
      }

      const move = (direction: -1 | 1) => {
        const position = getPos();
        if (position === undefined) return;
        const $position = editor.state.doc.resolve(position);
        const index = $position.index();
        const sibling = $position.parent.maybeChild(index + direction);
        if (!sibling) return;
        const target = direction < 0 ? position - sibling.nodeSize : position + sibling.nodeSize;
        editor
          .chain()
          .command(({ tr }) => {
            tr.delete(position, position + node.nodeSize).insert(target, node);
            return true;
          })
          .setNodeSelection(target)
          .run();
      };

      dom.addEventListener('click', (event) => {
        const action = (event.target as HTMLElement).closest('button')?.dataset.action;
        if (!action || !editor.isEditable) return;
        event.preventDefault();
        const position = getPos();
        if (position === undefined) return;
        switch (action) {
          case 'up':
            move(-1);
            break;
          case 'down':
            move(1);
            break;
          case 'edit':
            openSource();
            break;
          case 'apply': {
            const html = source?.querySelector('textarea')?.value ?? '';
            closeSource();
            editor.chain().focus().setHtmlCardSource(position, html).run();
            break;
          }
          case 'cancel':
            closeSource();
            // A new card left without HTML has nothing to keep.
            if (node.attrs.html === '') deleteCard(position);
            else editor.commands.focus();
            break;
          case 'delete':
            deleteCard(position);
            break;
        }
      });

      return {
        dom,
        update: (updated) => {
          if (updated.type !== node.type) return false;
          if (updated.attrs.html !== node.attrs.html) {
            preview.replaceChildren(contentOf(updated.attrs.html as string));
          }
          node = updated;
          return true;
        },
        // The card's own buttons and source field handle their events; the editor leaves them alone.
        stopEvent: (event) => {
          const target = event.target as HTMLElement | null;
          return Boolean(target?.closest('button, textarea'));
        },
        ignoreMutation: () => true,
      };
    };
  },
});
