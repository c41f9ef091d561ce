import { Mark, markInputRule, markPasteRule, mergeAttributes } from '@tiptap/core';

declare module '@tiptap/core' {
  interface Commands<ReturnType> {
    inlineMarks: {
      toggleSubscript: () => ReturnType;
      toggleSuperscript: () => ReturnType;
      toggleHighlight: () => ReturnType;
      toggleKbd: () => ReturnType;
    };
  }
}

/**
 * A mark written as one plain tag (`<sub>`, `<sup>`, `<mark>`, `<kbd>`), with no attributes: the
 * server keeps none on these tags. Written here rather than taken from TipTap's own subscript,
 * superscript and highlight packages, which are not published in the version every other @tiptap
 * package here is pinned to (each pins @tiptap/core exactly, so versions cannot be mixed).
 */
function plainMark(options: {
  name: string;
  tag: string;
  command: 'toggleSubscript' | 'toggleSuperscript' | 'toggleHighlight' | 'toggleKbd';
  shortcut?: string;
  excludes?: string;
  /** Extra ways other editors write the same thing (inline styles). */
  styles?: { style: string; value: string }[];
  /** A markdown-like input rule: `==zakreślenie==`. */
  inputRule?: RegExp;
  pasteRule?: RegExp;
}) {
  return Mark.create({
    name: options.name,
    excludes: options.excludes,
    parseHTML() {
      return [
        { tag: options.tag },
        ...(options.styles ?? []).map(({ style, value }) => ({
          style,
          getAttrs: (given: string) => (given.trim().toLowerCase() === value ? {} : false),
        })),
      ];
    },
    renderHTML({ HTMLAttributes }) {
      return [options.tag, mergeAttributes(HTMLAttributes), 0];
    },
    addCommands() {
      return {
        [options.command]:
          () =>
          ({ commands }: { commands: { toggleMark: (name: string) => boolean } }) =>
            commands.toggleMark(options.name),
      } as never;
    },
    addKeyboardShortcuts() {
      const shortcut = options.shortcut;
      if (!shortcut) return {};
      return { [shortcut]: () => this.editor.commands.toggleMark(options.name) };
    },
    addInputRules() {
      return options.inputRule ? [markInputRule({ find: options.inputRule, type: this.type })] : [];
    },
    addPasteRules() {
      return options.pasteRule ? [markPasteRule({ find: options.pasteRule, type: this.type })] : [];
    },
  });
}

/**
 * Subscript and superscript: each excludes the other, and `vertical-align` written by other editors
 * reads as the same mark.
 */
function verticalMark(position: 'sub' | 'super', shortcut: string) {
  const [name, other] = position === 'sub' ? ['subscript', 'superscript'] : ['superscript', 'subscript'];
  return plainMark({
    name,
    tag: position === 'sub' ? 'sub' : 'sup',
    command: position === 'sub' ? 'toggleSubscript' : 'toggleSuperscript',
    shortcut,
    excludes: other,
    styles: [{ style: 'vertical-align', value: position }],
  });
}

export const Subscript = verticalMark('sub', 'Mod-,');
export const Superscript = verticalMark('super', 'Mod-.');

/** Highlight, with the `==text==` shortcut TipTap's own highlight extension has. */
export const Highlight = plainMark({
  name: 'highlight',
  tag: 'mark',
  command: 'toggleHighlight',
  shortcut: 'Mod-Shift-h',
  inputRule: /(?:^|\s)(==(?!\s+==)((?:[^=]+))==(?!\s+==))$/,
  pasteRule: /(?:^|\s)(==(?!\s+==)((?:[^=]+))==(?!\s+==))/g,
});

/** A key or key combination (`<kbd>Ctrl</kbd>`). */
export const Kbd = plainMark({ name: 'kbd', tag: 'kbd', command: 'toggleKbd' });
