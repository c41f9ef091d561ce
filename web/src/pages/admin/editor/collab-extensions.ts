import type { Extensions } from '@tiptap/core';
import Collaboration from '@tiptap/extension-collaboration';
import { yUndoPluginKey } from '@tiptap/y-tiptap';
import type { Awareness } from 'y-protocols/awareness';
import type * as Y from 'yjs';
import { CollabCaret, type CollabPerson } from './collab-caret.ts';
import { COLLAB_FRAGMENT } from './collab-seed.ts';
import { pasteUndoStep } from './undo-steps.ts';

/** A paste or a drop is an undo step of its own in the shared undo too (undo-steps.ts). */
const SharedPasteUndoStep = pasteUndoStep('pasteUndoStepShared', (view) => {
  const shared = yUndoPluginKey.getState(view.state) as
    { undoManager?: { stopCapturing(): void } } | undefined;
  shared?.undoManager?.stopCapturing();
});

/** A shared post body: its Yjs document, who is in it, and who this editor is. */
export interface CollabBinding {
  doc: Y.Doc;
  awareness: Awareness;
  user: CollabPerson;
}

/**
 * What binds the editor to a shared document: TipTap's Collaboration (the body is the document's
 * fragment, and its own undo, which undoes only this editor's changes) and the others' carets. Given
 * to editorExtensions, which then leaves StarterKit's undo out.
 */
export function collabExtensions({ doc, awareness, user }: CollabBinding): Extensions {
  return [
    Collaboration.configure({ document: doc, field: COLLAB_FRAGMENT }),
    CollabCaret.configure({ awareness, user }),
    SharedPasteUndoStep,
  ];
}
