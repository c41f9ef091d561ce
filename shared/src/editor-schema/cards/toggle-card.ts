import { Node } from '@tiptap/core';

/** The title line of a toggle: plain text, written as `<summary>`. */
export const ToggleSummary = Node.create({
  name: 'toggleSummary',
  content: 'text*',
  marks: '',
  defining: true,
  isolating: true,

  parseHTML() {
    return [{ tag: 'summary' }];
  },

  renderHTML() {
    return ['summary', 0];
  },
});

/**
 * The toggle card, a block that opens and closes on the public page without script:
 * `<details><summary>Tytuł</summary><p>…</p></details>`.
 */
export const ToggleCard = Node.create({
  name: 'toggleCard',
  group: 'block',
  content: 'toggleSummary block+',
  defining: true,

  parseHTML() {
    return [
      {
        tag: 'details',
        priority: 100,
        // A toggle without a title gets an empty one (else its content would leave it).
        contentElement: (element) => {
          if (element.querySelector(':scope > summary')) return element;
          const copy = element.cloneNode(true) as typeof element;
          copy.prepend(copy.ownerDocument.createElement('summary'));
          return copy;
        },
      },
    ];
  },

  renderHTML() {
    return ['details', 0];
  },
});

export const toggleCardExtensions = [ToggleCard, ToggleSummary];
