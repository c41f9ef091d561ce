import { Extension, type Range } from '@tiptap/core';
import { PluginKey } from '@tiptap/pm/state';
import Suggestion from '@tiptap/suggestion';

/** The open `/` menu as the editor reports it: what was typed after the `/`, and where it stands. */
export interface SlashMenuState {
  query: string;
  range: Range;
  /** Removes `/query` and runs the picked block's command. */
  pick: (run: () => void) => void;
}

export interface SlashCommandOptions {
  /** Called when the menu opens, its query changes, and with null when it closes. */
  onChange: (menu: SlashMenuState | null) => void;
  /** Keys while the menu is open (arrows, Enter); true when the menu used the key. */
  onKeyDown: (event: KeyboardEvent) => boolean;
}

export const SLASH_MENU_KEY = new PluginKey('slashMenu');

/**
 * The `/` command menu (as in Ghost and Notion): a `/` typed at the start of an empty paragraph of
 * the body (not in a list, a table or a card, whose contents take no blocks) opens it; what follows
 * filters it. @tiptap/suggestion follows the typing and closes it (Escape leaves the `/` as text,
 * as does a space); the menu itself is drawn by React (slash-menu.tsx). It also closes when the
 * editor loses focus.
 */
export const SlashCommand = Extension.create<SlashCommandOptions>({
  name: 'slashCommand',

  addOptions() {
    return { onChange: () => undefined, onKeyDown: () => false };
  },

  addProseMirrorPlugins() {
    const { onChange, onKeyDown } = this.options;
    return [
      Suggestion<never, () => void>({
        editor: this.editor,
        pluginKey: SLASH_MENU_KEY,
        char: '/',
        startOfLine: true,
        allowedPrefixes: null,
        // Only a paragraph holding nothing but `/query`, directly in the body.
        allow: ({ state, range }) => {
          const $from = state.doc.resolve(range.from);
          const paragraph = $from.parent;
          return (
            paragraph.type.name === 'paragraph' &&
            $from.depth === 1 &&
            $from.start() === range.from &&
            paragraph.content.size === range.to - range.from
          );
        },
        command: ({ editor, range, props: run }) => {
          editor.chain().focus().deleteRange(range).run();
          run();
        },
        render: () => ({
          onStart: (props) => onChange({ query: props.query, range: props.range, pick: props.command }),
          onUpdate: (props) => onChange({ query: props.query, range: props.range, pick: props.command }),
          onExit: () => onChange(null),
          onKeyDown: ({ event }) => event.key !== 'Escape' && onKeyDown(event),
        }),
      }),
    ];
  },

  onBlur() {
    // A metadata-only transaction, as the plugin's own Escape sends.
    if (SLASH_MENU_KEY.getState(this.editor.state)?.active) {
      this.editor.view.dispatch(this.editor.state.tr.setMeta(SLASH_MENU_KEY, { exit: true }));
    }
  },
});
