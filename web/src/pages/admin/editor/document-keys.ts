import { Extension } from '@tiptap/core';

/**
 * Ctrl+Home / Ctrl+End (Cmd on a Mac) put the caret at the start or end of the text, whatever is
 * selected. Left to the browser, they did not move a selected card (a click on an embed or a table
 * selects it whole), and the next key typed replaced the card.
 */
export const DocumentKeys = Extension.create({
  name: 'documentKeys',
  addKeyboardShortcuts() {
    return {
      'Mod-Home': () => this.editor.commands.focus('start', { scrollIntoView: true }),
      'Mod-End': () => this.editor.commands.focus('end', { scrollIntoView: true }),
    };
  },
});
