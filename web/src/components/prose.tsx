import { chakra } from '@chakra-ui/react';
import { CARD_CLASSES, EMBED_PROVIDERS } from '@blog/shared/post-cards';

const embed = `& .${CARD_CLASSES.embed}`;
const gallery = `& .${CARD_CLASSES.gallery}`;

/**
 * An embed drawn by the server is its placeholder: the player's own shape (so nothing moves when it
 * loads), the provider's name, the title and the address. Script adds the button that loads it.
 */
const embedCards = {
  [embed]: {
    position: 'relative',
    display: 'flex',
    flexDirection: 'column',
    justifyContent: 'center',
    alignItems: 'center',
    gap: '0.5em',
    aspectRatio: '16 / 9',
    maxWidth: '100%',
    marginY: '1.75em',
    padding: '1em',
    overflow: 'hidden',
    fontFamily: 'body',
    fontSize: '0.9375em',
    textAlign: 'center',
    bg: 'bg.muted',
    borderWidth: '1px',
    borderColor: 'border',
    borderRadius: 'lg',
  },
  [`${embed}::before`]: { color: 'fg.muted', fontSize: '0.875em', fontWeight: 'medium' },
  ...Object.fromEntries(
    EMBED_PROVIDERS.flatMap((provider) => [
      [`${embed}[data-provider="${provider.id}"]`, { aspectRatio: provider.aspectRatio }],
      [`${embed}[data-provider="${provider.id}"]::before`, { content: JSON.stringify(provider.label) }],
    ]),
  ),
  [`${embed} > a`]: { fontWeight: 'semibold', overflowWrap: 'anywhere' },
  [`${embed} > a::after`]: {
    content: 'attr(href)',
    display: 'block',
    fontWeight: 'normal',
    fontSize: '0.8125em',
    color: 'fg.muted',
  },
  [`${embed} > button`]: {
    bg: 'brand.solid',
    color: 'brand.contrast',
    fontWeight: 'semibold',
    paddingX: '1em',
    paddingY: '0.5em',
    borderRadius: 'l2',
    _hover: { bg: 'brand.emphasized' },
    _focusVisible: { outline: '2px solid', outlineColor: 'brand.solid', outlineOffset: '2px' },
  },
  [`${embed} > p`]: { margin: '0', fontSize: '0.8125em', color: 'fg.muted' },
  [`${embed}[data-loaded]`]: { padding: '0', bg: 'black' },
  [`${embed}[data-loaded]::before`]: { content: 'none' },
  [`${embed} > iframe`]: { position: 'absolute', inset: '0', width: '100%', height: '100%', border: '0' },
};

/**
 * A gallery: a grid of 1 (narrow phone), 2 or 3 columns (2 for two or four images); each image keeps
 * its width/height ratio, so nothing moves while it loads. The lightbox is the native modal dialog.
 */
const galleryCards = {
  [gallery]: {
    display: 'grid',
    gridTemplateColumns: { base: '1fr', sm: 'repeat(2, minmax(0, 1fr))', md: 'repeat(3, minmax(0, 1fr))' },
    gap: '0.75em',
    marginY: '1.75em',
  },
  [`${gallery}:has(> figure:nth-child(2):last-of-type), ${gallery}:has(> figure:nth-child(4):last-of-type)`]:
    {
      gridTemplateColumns: { sm: 'repeat(2, minmax(0, 1fr))' },
    },
  [`${gallery} > figure`]: { margin: '0' },
  [`${gallery} > figure > a`]: { display: 'block', borderRadius: 'md' },
  [`${gallery} img`]: { display: 'block', width: '100%', height: 'auto', margin: '0', borderRadius: 'md' },
  [`${gallery} figcaption`]: { marginTop: '0.4em' },
  '& .gallery-lightbox': {
    maxWidth: '100vw',
    maxHeight: '100vh',
    width: '100vw',
    height: '100vh',
    margin: '0',
    padding: '1em',
    bg: 'rgba(0, 0, 0, 0.92)',
    color: 'white',
    fontFamily: 'body',
    border: '0',
  },
  '& .gallery-lightbox[open]': {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    gap: '0.75em',
  },
  '& .gallery-lightbox > div': { display: 'flex', alignItems: 'center', gap: '1em', alignSelf: 'stretch' },
  '& .gallery-lightbox > div > p': { margin: '0', marginInlineEnd: 'auto', fontSize: '0.875em' },
  '& .gallery-lightbox button': {
    minWidth: '2.75rem',
    minHeight: '2.75rem',
    fontSize: '1.25em',
    borderRadius: 'l2',
    _hover: { bg: 'whiteAlpha.300' },
    _focusVisible: { outline: '2px solid white' },
  },
  '& .gallery-lightbox > img': {
    flex: '1',
    minHeight: '0',
    width: 'auto',
    maxWidth: '100%',
    objectFit: 'contain',
    margin: '0',
    borderRadius: '0',
  },
  '& .gallery-lightbox > p': { margin: '0', fontSize: '0.9375em', textAlign: 'center' },
};

/**
 * Typography for HTML written in the editor (article body, About page). The HTML is sanitized on the
 * server, so only the tags of the editor's allow-list reach this container.
 */
export const Prose = chakra('div', {
  base: {
    fontFamily: 'serif',
    fontSize: { base: '1.125rem', md: '1.1875rem' },
    lineHeight: '1.75',
    color: 'fg',
    overflowWrap: 'break-word',
    '& > :first-child': { marginTop: '0' },
    '& > :last-child': { marginBottom: '0' },
    '& p': { marginY: '1.25em' },
    '& h1, & h2, & h3, & h4': {
      fontFamily: 'heading',
      fontWeight: 'bold',
      letterSpacing: '-0.015em',
      lineHeight: '1.25',
      color: 'fg',
    },
    '& h1': { fontSize: '1.875em', marginTop: '1.6em', marginBottom: '0.6em' },
    '& h2': { fontSize: '1.5em', marginTop: '1.6em', marginBottom: '0.6em' },
    '& h3': { fontSize: '1.25em', marginTop: '1.5em', marginBottom: '0.5em' },
    '& a': {
      color: 'brand.fg',
      textDecoration: 'underline',
      textDecorationColor: 'brand.300',
      textUnderlineOffset: '0.2em',
      _hover: { textDecorationColor: 'brand.600' },
    },
    '& strong': { fontWeight: 'bold' },
    '& ul, & ol': { paddingInlineStart: '1.5em', marginY: '1.25em' },
    '& ul': { listStyleType: 'disc' },
    '& ol': { listStyleType: 'decimal' },
    '& li': { marginY: '0.4em', paddingInlineStart: '0.25em' },
    '& li::marker': { color: 'fg.subtle' },
    '& blockquote': {
      borderInlineStartWidth: '3px',
      borderColor: 'brand.300',
      paddingInlineStart: '1em',
      fontStyle: 'italic',
      color: 'fg.muted',
      marginY: '1.5em',
    },
    '& img': { borderRadius: 'lg', marginY: '1.75em', maxWidth: '100%', height: 'auto' },
    '& figure': { marginY: '1.75em' },
    '& figure img': { marginY: '0' },
    '& figcaption': {
      fontFamily: 'body',
      fontSize: '0.875em',
      color: 'fg.muted',
      textAlign: 'center',
      marginTop: '0.6em',
    },
    '& code': {
      fontFamily: 'mono',
      fontSize: '0.875em',
      bg: 'bg.muted',
      paddingX: '0.35em',
      paddingY: '0.1em',
      borderRadius: 'sm',
    },
    '& pre': {
      fontFamily: 'mono',
      fontSize: '0.875em',
      bg: 'gray.900',
      color: 'gray.100',
      padding: '1em',
      borderRadius: 'lg',
      overflowX: 'auto',
      marginY: '1.5em',
    },
    '& pre code': { bg: 'transparent', padding: '0', color: 'inherit' },
    '& hr': { borderColor: 'border', marginY: '2.5em' },
    // A table wider than the page scrolls inside its own box (a phone's page never widens for it).
    '& table': {
      display: 'block',
      width: 'fit-content',
      maxWidth: '100%',
      overflowX: 'auto',
      borderCollapse: 'collapse',
      marginY: '1.5em',
      fontSize: '0.9em',
      lineHeight: '1.5',
      _focusVisible: { outline: '2px solid', outlineColor: 'brand.focusRing', outlineOffset: '2px' },
    },
    '& th, & td': {
      borderWidth: '1px',
      borderColor: 'border',
      padding: '0.5em 0.75em',
      textAlign: 'start',
      verticalAlign: 'top',
      minWidth: '6em',
    },
    '& th': { fontFamily: 'heading', fontWeight: 'bold', bg: 'bg.subtle' },
    '& :is(th, td) > p': { marginY: '0.5em' },
    // Callout card: a tinted box, its emoji in a column of its own.
    '& .callout-card': {
      position: 'relative',
      marginY: '1.5em',
      paddingBlock: '0.25em',
      paddingInline: '1em',
      borderInlineStartWidth: '4px',
      borderRadius: 'md',
      borderColor: 'brand.solid',
      bg: 'brand.subtle',
    },
    '& .callout-card[data-callout="warning"]': { borderColor: 'orange.solid', bg: 'orange.subtle' },
    '& .callout-card[data-emoji]': { paddingInlineStart: '2.75em' },
    '& .callout-card[data-emoji]::before': {
      content: 'attr(data-emoji)',
      position: 'absolute',
      insetInlineStart: '0.75em',
      top: '1.25em',
      lineHeight: '1.75',
    },
    '& .callout-card > p': { marginY: '1em' },
    // Button card: a call-to-action link drawn as a button, never wider than the page.
    '& .button-card': { marginY: '1.75em', textAlign: 'center' },
    '& .button-card a': {
      display: 'inline-block',
      maxWidth: '100%',
      fontFamily: 'body',
      fontWeight: 'semibold',
      fontSize: '1rem',
      lineHeight: '1.5',
      paddingBlock: '0.75em',
      paddingInline: '1.5em',
      borderRadius: 'lg',
      bg: 'brand.solid',
      color: 'brand.contrast',
      textDecoration: 'none',
      _hover: { bg: 'brand.700' },
      _focusVisible: { outline: '3px solid', outlineColor: 'brand.focusRing', outlineOffset: '2px' },
    },
    // Toggle card: the browser opens and closes it; the title says it can.
    '& details': {
      marginY: '1.5em',
      borderWidth: '1px',
      borderColor: 'border',
      borderRadius: 'lg',
      paddingInline: '1em',
    },
    '& summary': {
      cursor: 'pointer',
      fontFamily: 'heading',
      fontWeight: 'semibold',
      paddingBlock: '0.75em',
      _focusVisible: { outline: '2px solid', outlineColor: 'brand.focusRing', outlineOffset: '2px' },
    },
    '& details[open] > summary': { borderBottomWidth: '1px', borderColor: 'border.muted' },
    ...embedCards,
    ...galleryCards,
  },
});
