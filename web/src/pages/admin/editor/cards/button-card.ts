import { ButtonCard as SharedButtonCard, type ButtonCardAttributes } from '@blog/shared/editor-schema';
import { CARD_CLASSES } from '@blog/shared/post-cards';
import { NodeSelection } from '@tiptap/pm/state';

declare module '@tiptap/core' {
  interface Commands<ReturnType> {
    buttonCard: {
      /** Puts a button at the selection, or changes the selected one. */
      setButtonCard: (attributes: ButtonCardAttributes) => ReturnType;
    };
  }
}

export const BUTTON_LABEL = 'Przycisk';

export type { ButtonCardAttributes };

/**
 * The button card, a call-to-action link drawn as a button on the public page:
 * `<div class="button-card"><a target="_blank" rel="noopener noreferrer" href="https://…">Tekst</a></div>`
 * (the link spelled as the server's sanitizer spells every link). Its text and address are set in
 * the button dialog; the address passes the link popover's check.
 */
export const ButtonCard = SharedButtonCard.extend({
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
