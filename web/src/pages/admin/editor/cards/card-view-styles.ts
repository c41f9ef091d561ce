import type { SystemStyleObject } from '@chakra-ui/react';

/**
 * How the cards look while edited (on top of the article's typography, which draws the cards as
 * readers see them): a callout's kind and emoji lists above its text, a toggle always open with
 * its title as a line, a button inert with its address under it.
 */
export const cardViewStyles: Record<string, SystemStyleObject> = {
  // While edited a table fits the editor (long words break) rather than scrolling in its own box.
  '& .ProseMirror table': { display: 'table', width: '100%', tableLayout: 'fixed', overflow: 'visible' },
  '& .ProseMirror :is(th, td)': { minWidth: '0', overflowWrap: 'anywhere' },
  '& .ProseMirror .selectedCell': { bg: 'brand.muted' },
  '& .callout-card-view': {
    marginY: '1.5em',
    borderInlineStartWidth: '4px',
    borderRadius: 'md',
    borderColor: 'brand.solid',
    bg: 'brand.subtle',
  },
  '& .callout-card-view[data-callout="warning"]': { borderColor: 'orange.solid', bg: 'orange.subtle' },
  '& .callout-card-content': { paddingInline: '1em', paddingBlock: '0.25em' },
  '& .callout-card-content > p': { marginY: '0.75em' },
  '& .card-view-bar': {
    display: 'flex',
    flexWrap: 'wrap',
    gap: '2',
    paddingInline: '2',
    paddingTop: '2',
    fontFamily: 'body',
    fontSize: 'sm',
  },
  '& .card-view-bar select, & .card-view-bar button': {
    borderWidth: '1px',
    borderColor: 'border',
    borderRadius: 'l1',
    bg: 'bg',
    paddingInline: '2',
    _focusVisible: { outline: '2px solid', outlineColor: 'brand.solid' },
  },
  '& .toggle-card-view': {
    marginY: '1.5em',
    borderWidth: '1px',
    borderColor: 'border',
    borderRadius: 'lg',
    paddingInline: '1em',
  },
  '& .toggle-card-summary': {
    fontFamily: 'heading',
    fontWeight: 'semibold',
    paddingBlock: '0.75em',
    borderBottomWidth: '1px',
    borderColor: 'border.muted',
  },
  '& .toggle-card-summary::before': { content: '"▸ "', color: 'fg.muted' },
  '& .toggle-card-summary:has(br:only-child)::after, & .toggle-card-summary:empty::after': {
    content: 'attr(data-placeholder)',
    color: 'fg.muted',
    fontWeight: 'normal',
  },
  '& .button-card-view': { display: 'flex', flexDirection: 'column', alignItems: 'center', gap: '1' },
  '& .button-card-face': {
    display: 'inline-block',
    fontFamily: 'body',
    fontWeight: 'semibold',
    fontSize: '1rem',
    paddingBlock: '0.75em',
    paddingInline: '1.5em',
    borderRadius: 'lg',
    bg: 'brand.solid',
    color: 'brand.contrast',
  },
  '& .button-card-address': { fontFamily: 'body', fontSize: 'sm', color: 'fg.muted' },
  '& .button-card-view.ProseMirror-selectednode .button-card-face': {
    outline: '3px solid',
    outlineColor: 'brand.focusRing',
    outlineOffset: '2px',
  },
};
