import {
  cardContent as contentOf,
  cleanCardHtml,
  HtmlCard as SharedHtmlCard,
} from '@blog/shared/editor-schema';
import type { Node as ProseMirrorNode } from '@tiptap/pm/model';
import { cardButton } from './cards/atom-card.ts';

export { cleanCardHtml };

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
export const HtmlCard = SharedHtmlCard.extend<HtmlCardOptions>({
  addOptions() {
    return { canEditSource: () => false };
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
