import {
  allowedLink as allowed,
  PostLink as SharedPostLink,
  type PostLinkAttributes,
} from '@blog/shared/editor-schema';
import { markPasteRule } from '@tiptap/core';
import { Plugin, PluginKey } from '@tiptap/pm/state';
import { findLinks } from './editor-urls.ts';

export type { PostLinkAttributes };

declare module '@tiptap/core' {
  interface Commands<ReturnType> {
    postLink: {
      /** Links the selection; false for an address outside the allowed schemes. */
      setLink: (attributes: PostLinkAttributes) => ReturnType;
      toggleLink: (attributes: PostLinkAttributes) => ReturnType;
      /** Removes the link around the caret or from the selection. */
      unsetLink: () => ReturnType;
    };
  }
}

/**
 * The link mark of the document's schema (@blog/shared/editor-schema), in place of TipTap's Link,
 * whose address detection (linkifyjs, 18 kB minified) the editor does not need: no autolink while
 * typing (it would make the mark inclusive, so text typed after a link would join it), no opening on
 * click. Pasted addresses are found by `findLinks` (editor-urls.ts) with the popover's own check:
 * - text with addresses in it: each address becomes a link;
 * - an address pasted over selected text links that text.
 */
export const PostLink = SharedPostLink.extend({
  addCommands() {
    return {
      setLink:
        (attributes) =>
        ({ chain }) =>
          allowed(attributes.href) && chain().setMark(this.name, attributes).run(),
      toggleLink:
        (attributes) =>
        ({ chain }) =>
          allowed(attributes.href) &&
          chain().toggleMark(this.name, attributes, { extendEmptyMarkRange: true }).run(),
      unsetLink:
        () =>
        ({ chain }) =>
          chain().unsetMark(this.name, { extendEmptyMarkRange: true }).run(),
    };
  },

  addPasteRules() {
    return [
      markPasteRule({
        find: (text) =>
          findLinks(text).map(({ index, text: found, href }) => ({ index, text: found, data: { href } })),
        type: this.type,
        getAttributes: (match) => ({ href: (match.data as { href?: string } | undefined)?.href }),
      }),
    ];
  },

  addProseMirrorPlugins() {
    const { editor, type } = this;
    return [
      new Plugin({
        key: new PluginKey('pastedLinkOverSelection'),
        props: {
          handlePaste: (view, _event, slice) => {
            if (view.state.selection.empty) return false;
            let text = '';
            slice.content.forEach((node) => {
              text += node.textContent;
            });
            const [link, ...more] = findLinks(text);
            if (!link || more.length > 0 || link.text !== text) return false;
            return editor.commands.setMark(type, { href: link.href });
          },
        },
      }),
    ];
  },
});
