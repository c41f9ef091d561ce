import { Extension } from '@tiptap/core';
import { defaultSelectionBuilder, yCursorPlugin } from '@tiptap/y-tiptap';
import type { Awareness } from 'y-protocols/awareness';

/** A person in a shared post as the others see them: their name and their colour. */
export interface CollabPerson {
  name: string;
  color: string;
}

/** Someone else in the post, as their editor announces itself. */
export interface CollabPeer extends CollabPerson {
  clientId: number;
}

export interface CollabCaretOptions {
  awareness: Awareness | null;
  user: CollabPerson;
}

/** The others' caret: a coloured bar with their name above it. */
function caretOf(user: CollabPerson): HTMLElement {
  const caret = document.createElement('span');
  caret.classList.add('collab-caret');
  caret.style.borderColor = user.color;
  const label = document.createElement('span');
  label.classList.add('collab-caret-label');
  label.style.backgroundColor = user.color;
  label.textContent = user.name;
  caret.append(label);
  return caret;
}

/**
 * The carets and selections of everyone else in the post, from the shared awareness (y-tiptap's
 * cursor plugin). TipTap's own collaboration-caret package is published only up to 3.31, and every
 * TipTap package here must be 3.32.2, so this is the same plugin without that package.
 */
export const CollabCaret = Extension.create<CollabCaretOptions>({
  name: 'collaborationCaret',
  addOptions() {
    return { awareness: null, user: { name: '', color: '#2b6cb0' } };
  },
  addProseMirrorPlugins() {
    const { awareness, user } = this.options;
    if (!awareness) return [];
    awareness.setLocalStateField('user', user);
    return [yCursorPlugin(awareness, { cursorBuilder: caretOf, selectionBuilder: defaultSelectionBuilder })];
  },
});
