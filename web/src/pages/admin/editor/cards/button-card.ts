import { CARD_CLASSES } from '@blog/shared/post-cards';
import { Node } from '@tiptap/core';
import { NodeSelection } from '@tiptap/pm/state';
import { checkLinkUrl } from '../editor-urls.ts';
import { ATOM_CARD } from './atom-card.ts';

declare module '@tiptap/core' {
  interface Commands<ReturnType> {
    buttonCard: {
      /** Puts a button at the selection, or changes the selected one. */
      setButtonCard: (attributes: ButtonCardAttributes) => ReturnType;
    };
  }
}

export const BUTTON_LABEL = 'Przycisk';

export interface ButtonCardAttributes {
  href: string;
  text: string;
  /** `_self` when the button opens its address in the same tab; a new tab otherwise, as links do. */
  target?: '_blank' | '_self';
}

/**
 * The button card, a call-to-action link drawn as a button on the public page:
 * `<div class="button-card"><a target="_blank" rel="noopener noreferrer" href="https://…">Tekst</a></div>`
 * (the link spelled as the server's sanitizer spells every link). Its text and address are set in
 * the button dialog; the address passes the link popover's check.
 */
export const ButtonCard = Node.create({
  name: 'buttonCard',
  ...ATOM_CARD,

  addAttributes() {
    return {
      href: { default: '', rendered: false },
      text: { default: '', rendered: false },
      target: { default: '_blank', rendered: false },
    };
  },

  parseHTML() {
    return [
      {
        tag: `div.${CARD_CLASSES.button}`,
        priority: 100,
        getAttrs: (element) => {
          const link = element.querySelector('a[href]');
          const href = link?.getAttribute('href') ?? '';
          const text = link?.textContent?.replace(/\s+/g, ' ').trim() ?? '';
          if (!link || !checkLinkUrl(href).ok || text === '') return false;
          return { href, text, target: link.getAttribute('target') === '_self' ? '_self' : '_blank' };
        },
      },
    ];
  },

  renderHTML({ node }) {
    return [
      'div',
      { class: CARD_CLASSES.button },
      [
        'a',
        { target: node.attrs.target as string, rel: 'noopener noreferrer', href: node.attrs.href as string },
        node.attrs.text as string,
      ],
    ];
  },

  addCommands() {
    return {
      setButtonCard:
        (attributes) =>
        ({ state, commands }) => {
          const attrs = { target: '_blank', ...attributes };
          const { selection } = state;
          return selection instanceof NodeSelection && selection.node.type.name === this.name
            ? commands.updateAttributes(this.name, attrs)
            : commands.insertContent({ type: this.name, attrs });
        },
    };
  },

  // In the editor the link is inert (a click selects the card; the toolbar's „Przycisk” edits it).
  addNodeView() {
    return ({ node: initial }) => {
      let node = initial;
      const dom = document.createElement('div');
      dom.className = `${CARD_CLASSES.button} button-card-view`;
      dom.contentEditable = 'false';
      const face = document.createElement('span');
      face.className = 'button-card-face';
      const address = document.createElement('span');
      address.className = 'button-card-address';
      const draw = () => {
        face.textContent = node.attrs.text as string;
        address.textContent = node.attrs.href as string;
        dom.setAttribute('aria-label', `${BUTTON_LABEL}: ${node.attrs.text as string}`);
      };
      draw();
      dom.setAttribute('role', 'group');
      dom.append(face, address);
      return {
        dom,
        update: (updated) => {
          if (updated.type !== node.type) return false;
          node = updated;
          draw();
          return true;
        },
      };
    };
  },
});
