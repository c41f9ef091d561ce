/** The plain-tag marks with their commands, shortcuts and markdown-like rules (TipTap core only). */
export { Highlight, Kbd, Subscript, Superscript } from '@blog/shared/editor-schema';
