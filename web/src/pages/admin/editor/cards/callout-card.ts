import { CalloutCard as SharedCalloutCard } from '@blog/shared/editor-schema';
import { CALLOUT_KINDS, type CalloutKind } from '@blog/shared/post-cards';
import type { Node as ProseMirrorNode } from '@tiptap/pm/model';

declare module '@tiptap/core' {
  interface Commands<ReturnType> {
    calloutCard: {
      /** Wraps the selected blocks (or the current one) in an info callout. */
      setCallout: () => ReturnType;
    };
  }
}

export const CALLOUT_LABEL = 'Ramka';

/** The kinds as the writer picks them. */
export const CALLOUT_KIND_LABELS: Record<CalloutKind, string> = {
  info: 'Informacja',
  warning: 'Ostrzeżenie',
};

/** The icons offered (any single emoji is kept when read; these are the ones to pick from). */
export const CALLOUT_EMOJIS = ['💡', '⚠️', '📌', '✅', '❗'] as const;

const select = (label: string, options: [string, string][], value: string) => {
  const element = document.createElement('select');
  element.setAttribute('aria-label', label);
  for (const [optionValue, text] of options) element.add(new Option(text, optionValue));
  element.value = value;
  return element;
};

/**
 * The callout card: a box of the kind „Informacja” or „Ostrzeżenie”, with an optional emoji,
 * holding paragraphs with inline marks; written as
 * `<div class="callout-card" data-callout="info" data-emoji="💡"><p>…</p></div>`.
 * In the editor its kind and emoji are two small lists above the text.
 */
export const CalloutCard = SharedCalloutCard.extend({
  addCommands() {
    return {
      setCallout:
        () =>
        ({ commands }) =>
          commands.wrapIn(this.name, { kind: 'info', emoji: null }),
    };
  },

  addNodeView() {
    return ({ node: initial, editor, getPos }) => {
      let node: ProseMirrorNode = initial;
      const dom = document.createElement('div');
      dom.className = 'callout-card-view';
      dom.dataset.callout = node.attrs.kind as string;
      dom.setAttribute('role', 'group');
      dom.setAttribute('aria-label', CALLOUT_LABEL);

      const bar = document.createElement('div');
      bar.className = 'card-view-bar';
      bar.contentEditable = 'false';
      const kind = select(
        'Rodzaj ramki',
        CALLOUT_KINDS.map((value) => [value, CALLOUT_KIND_LABELS[value]]),
        node.attrs.kind as string,
      );
      const emoji = select(
        'Ikona ramki',
        [['', 'Bez ikony'], ...CALLOUT_EMOJIS.map((value): [string, string] => [value, value])],
        (node.attrs.emoji as string | null) ?? '',
      );
      // An emoji read from a post but not on the list stays selectable as it is.
      if (emoji.value !== ((node.attrs.emoji as string | null) ?? '')) {
        emoji.add(new Option(node.attrs.emoji as string, node.attrs.emoji as string));
        emoji.value = node.attrs.emoji as string;
      }
      const remove = document.createElement('button');
      remove.type = 'button';
      remove.textContent = 'Usuń ramkę';
      bar.append(kind, emoji, remove);

      const content = document.createElement('div');
      content.className = 'callout-card-content';
      dom.append(bar, content);

      const setAttrs = (attrs: Record<string, unknown>) => {
        const position = getPos();
        if (position === undefined || !editor.isEditable) return;
        editor
          .chain()
          .command(({ tr }) => {
            tr.setNodeMarkup(position, undefined, { ...node.attrs, ...attrs });
            return true;
          })
          .run();
      };
      kind.addEventListener('change', () => setAttrs({ kind: kind.value }));
      emoji.addEventListener('change', () => setAttrs({ emoji: emoji.value || null }));
      // The text stays, out of the box.
      remove.addEventListener('click', () => {
        const position = getPos();
        if (position === undefined || !editor.isEditable) return;
        editor
          .chain()
          .focus()
          .command(({ tr }) => {
            tr.replaceWith(position, position + node.nodeSize, node.content);
            return true;
          })
          .run();
      });

      return {
        dom,
        contentDOM: content,
        update: (updated) => {
          if (updated.type !== node.type) return false;
          node = updated;
          dom.dataset.callout = node.attrs.kind as string;
          kind.value = node.attrs.kind as string;
          emoji.value = (node.attrs.emoji as string | null) ?? '';
          return true;
        },
        stopEvent: (event) => bar.contains(event.target as globalThis.Node),
        ignoreMutation: (mutation) => bar.contains(mutation.target),
      };
    };
  },
});
