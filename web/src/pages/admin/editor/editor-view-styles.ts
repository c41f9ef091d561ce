import type { SystemStyleObject } from '@chakra-ui/react';
import { cardViewStyles } from './cards/card-view-styles.ts';

/**
 * How the editing area looks on top of the article's typography: the empty document's placeholder,
 * a selected image, the HTML card's frame and buttons, the others' carets, and the cards (their own
 * file).
 */
export const editorViewStyles: Record<string, SystemStyleObject> = {
  '& .ProseMirror': { minHeight: '300px', padding: '4', outline: 'none' },
  // The placeholder is drawn from the data attribute the Placeholder extension sets.
  '& .ProseMirror p.is-editor-empty:first-child::before': {
    content: 'attr(data-placeholder)',
    float: 'left',
    height: '0',
    pointerEvents: 'none',
    color: 'fg.muted',
  },
  '& .ProseMirror img.ProseMirror-selectednode, & .ProseMirror figure.ProseMirror-selectednode img': {
    outline: '3px solid',
    outlineColor: 'brand.solid',
  },
  // An HTML card: a framed preview under its label and buttons (the preview takes no clicks,
  // so its links never leave the editor; a click on the card selects it).
  '& .html-card-view': {
    borderWidth: '1px',
    borderStyle: 'dashed',
    borderColor: 'border.emphasized',
    borderRadius: 'l2',
    marginBlock: '4',
    overflowX: 'auto',
  },
  '& .html-card-view.ProseMirror-selectednode': {
    outline: '3px solid',
    outlineColor: 'brand.solid',
  },
  '& .html-card-bar': {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: '2',
    paddingInline: '2',
    paddingBlock: '1',
    fontSize: 'sm',
    color: 'fg.muted',
    bg: 'bg.subtle',
    borderBottomWidth: '1px',
    borderColor: 'border.muted',
  },
  '& .html-card-bar > span': { fontWeight: 'medium', marginInlineEnd: 'auto' },
  '& .html-card-view button': {
    fontSize: 'sm',
    paddingInline: '2',
    borderRadius: 'l1',
    _hover: { bg: 'bg.muted' },
    _focusVisible: { outline: '2px solid', outlineColor: 'brand.solid' },
  },
  '& .html-card-preview': { padding: '3', pointerEvents: 'none' },
  // The others' carets (collab-caret.ts): a thin bar with the name above it.
  '& .collab-caret': {
    position: 'relative',
    marginInline: '-1px',
    borderInlineStart: '2px solid',
    pointerEvents: 'none',
    wordBreak: 'normal',
  },
  '& .collab-caret-label': {
    position: 'absolute',
    top: '-1.4em',
    left: '-2px',
    fontSize: 'xs',
    fontWeight: 'semibold',
    color: 'white',
    paddingInline: '1',
    borderRadius: 'l1',
    whiteSpace: 'nowrap',
    userSelect: 'none',
  },
  '& .html-card-source': { display: 'flex', flexWrap: 'wrap', gap: '2', padding: '2' },
  '& .html-card-source textarea': {
    width: 'full',
    fontFamily: 'mono',
    fontSize: 'sm',
    borderWidth: '1px',
    borderColor: 'border',
    padding: '2',
  },
  ...cardViewStyles,
};
