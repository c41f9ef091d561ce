import {
  ToggleCard as SharedToggleCard,
  ToggleSummary as SharedToggleSummary,
} from '@blog/shared/editor-schema';
import { TextSelection } from '@tiptap/pm/state';

declare module '@tiptap/core' {
  interface Commands<ReturnType> {
    toggleCard: {
      /** Inserts a toggle with an empty title and one empty paragraph, the caret in the title. */
      insertToggle: () => ReturnType;
    };
  }
}

export const TOGGLE_LABEL = 'Rozwijany blok';
export const TOGGLE_SUMMARY_PLACEHOLDER = 'Tytuł rozwijanego bloku';

/** The title line of a toggle: plain text, written as `<summary>`. */
export const ToggleSummary = SharedToggleSummary.extend({
  // In the editor the title is a plain line (a real <summary> would open and close on each click).
  addNodeView() {
    return () => {
      const dom = document.createElement('div');
      dom.className = 'toggle-card-summary';
      dom.dataset.placeholder = TOGGLE_SUMMARY_PLACEHOLDER;
      return { dom, contentDOM: dom };
    };
  },

  addKeyboardShortcuts() {
    return {
      // Enter in the title goes to the start of the toggle's content.
      Enter: ({ editor }) => {
        const { $from } = editor.state.selection;
        if ($from.parent.type.name !== this.name) return false;
        const after = $from.after();
        return editor.commands.command(({ tr }) => {
          tr.setSelection(TextSelection.near(tr.doc.resolve(after + 1)));
          return true;
        });
      },
    };
  },
});

/**
 * The toggle card, a block that opens and closes on the public page without script:
 * `<details><summary>Tytuł</summary><p>…</p></details>`. In the editor it is always open, its
 * title a line above a framed content.
 */
export const ToggleCard = SharedToggleCard.extend({
  addCommands() {
    return {
      insertToggle:
        () =>
        ({ chain }) =>
          chain()
            .insertContent({
              type: this.name,
              content: [{ type: 'toggleSummary' }, { type: 'paragraph' }],
            })
            .command(({ tr }) => {
              // The caret ends in the new toggle's paragraph; it goes up into the title.
              const { $from } = tr.selection;
              for (let depth = $from.depth; depth > 0; depth -= 1) {
                if ($from.node(depth).type.name !== this.name) continue;
                tr.setSelection(TextSelection.create(tr.doc, $from.start(depth) + 1));
                break;
              }
              return true;
            })
            .run(),
    };
  },

  addNodeView() {
    return () => {
      const dom = document.createElement('div');
      dom.className = 'toggle-card-view';
      dom.setAttribute('role', 'group');
      dom.setAttribute('aria-label', TOGGLE_LABEL);
      return { dom, contentDOM: dom };
    };
  },
});

export const toggleCardExtensions = [ToggleCard, ToggleSummary];
