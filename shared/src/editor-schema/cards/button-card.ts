import { Node } from '@tiptap/core';
import { CARD_CLASSES } from '../../post-cards.ts';
import { checkLinkUrl } from '../link-url.ts';
import { ATOM_CARD } from './atom-card.ts';

export interface ButtonCardAttributes {
  href: string;
  text: string;
  /** `_self` when the button opens its address in the same tab; a new tab otherwise, as links do. */
  target?: '_blank' | '_self';
}

/**
 * The button card, a call-to-action link drawn as a button on the public page:
 * `<div class="button-card"><a target="_blank" rel="noopener noreferrer" href="https://…">Tekst</a></div>`
 * (the link spelled as the server's sanitizer spells every link); its address passes the link check.
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
});
