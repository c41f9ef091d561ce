import { Extension } from '@tiptap/core';
import { closeHistory } from '@tiptap/pm/history';
import { Plugin, PluginKey } from '@tiptap/pm/state';
import type { EditorView } from '@tiptap/pm/view';

/**
 * A paste or a drop is an undo step of its own. Typing is grouped into one step per pause, so text
 * typed, a line broken and an address pasted within half a second were one step, and Ctrl+Z right
 * after a paste took the typed text with it. The step is closed before the paste is applied, in the
 * writer's own history: ProseMirror's here (nothing when it is off); Yjs's, when shared, by
 * `pasteUndoStepShared` (collab-extensions.ts, loaded only for a shared body).
 */
export function pasteUndoStep(name: string, closeStep: (view: EditorView) => void) {
  return Extension.create({
    name,
    addProseMirrorPlugins() {
      const close = (view: EditorView) => {
        closeStep(view);
        return false;
      };
      return [
        new Plugin({ key: new PluginKey(name), props: { handleDOMEvents: { paste: close, drop: close } } }),
      ];
    },
  });
}

export const PasteUndoStep = pasteUndoStep('pasteUndoStep', (view) =>
  view.dispatch(closeHistory(view.state.tr)),
);
