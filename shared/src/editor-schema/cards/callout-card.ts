import { Node } from '@tiptap/core';
import { CARD_CLASSES, cardFrameAttributes } from '../../post-cards.ts';

/** The frame's attributes as the server keeps them (post-cards `cardFrameAttributes`). */
const frameOf = (kind: string, emoji: string | null) =>
  cardFrameAttributes({
    class: CARD_CLASSES.callout,
    'data-callout': kind,
    ...(emoji ? { 'data-emoji': emoji } : {}),
  })!;

/**
 * The callout card: a box of the kind „Informacja” or „Ostrzeżenie”, with an optional emoji,
 * holding paragraphs with inline marks; written as
 * `<div class="callout-card" data-callout="info" data-emoji="💡"><p>…</p></div>`.
 */
export const CalloutCard = Node.create({
  name: 'calloutCard',
  group: 'block',
  content: 'paragraph+',
  defining: true,

  addAttributes() {
    return {
      kind: { default: 'info', rendered: false },
      emoji: { default: null, rendered: false },
    };
  },

  parseHTML() {
    return [
      {
        tag: `div.${CARD_CLASSES.callout}`,
        priority: 100,
        getAttrs: (element) => {
          const frame = cardFrameAttributes({
            class: element.getAttribute('class') ?? undefined,
            'data-callout': element.getAttribute('data-callout') ?? undefined,
            'data-emoji': element.getAttribute('data-emoji') ?? undefined,
          });
          return frame ? { kind: frame['data-callout'], emoji: frame['data-emoji'] ?? null } : false;
        },
      },
    ];
  },

  renderHTML({ node }) {
    return ['div', frameOf(node.attrs.kind as string, node.attrs.emoji as string | null), 0];
  },
});
