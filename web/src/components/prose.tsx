import { chakra } from '@chakra-ui/react';

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
    '& table': { width: '100%', borderCollapse: 'collapse', marginY: '1.5em', fontSize: '0.9em' },
    '& th, & td': { borderWidth: '1px', borderColor: 'border', padding: '0.5em 0.75em', textAlign: 'start' },
  },
});
