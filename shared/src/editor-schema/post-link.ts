import { Mark, mergeAttributes } from '@tiptap/core';
import { checkLinkUrl } from './link-url.ts';

export interface PostLinkAttributes {
  href: string;
  target?: string | null;
  rel?: string | null;
  class?: string | null;
  title?: string | null;
}

/** Links obey the same scheme list as the editor's link popover (and the server's sanitizer). */
export const allowedLink = (href: unknown): boolean => typeof href === 'string' && checkLinkUrl(href).ok;

/** Links open in a new tab unless the writer says otherwise; the server sets the same rel. */
const HTML_ATTRIBUTES = { target: '_blank', rel: 'noopener noreferrer' };

/**
 * The link mark (`<a href target rel>`), in place of TipTap's Link: not inclusive (text typed after a
 * link does not join it), an address outside the allowed schemes is no link.
 */
export const PostLink = Mark.create({
  name: 'link',
  priority: 1000,
  keepOnSplit: false,
  exitable: true,
  inclusive: false,

  addAttributes() {
    return {
      href: { default: null, parseHTML: (element) => element.getAttribute('href') },
      target: { default: HTML_ATTRIBUTES.target },
      rel: { default: HTML_ATTRIBUTES.rel },
      class: { default: null },
      title: { default: null },
    };
  },

  parseHTML() {
    return [
      {
        tag: 'a[href]',
        getAttrs: (element) => (allowedLink(element.getAttribute('href')) ? null : false),
      },
    ];
  },

  renderHTML({ HTMLAttributes }) {
    const attributes = allowedLink(HTMLAttributes.href) ? HTMLAttributes : { ...HTMLAttributes, href: '' };
    return ['a', mergeAttributes(HTML_ATTRIBUTES, attributes), 0];
  },
});
