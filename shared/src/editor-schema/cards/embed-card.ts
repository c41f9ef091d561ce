import { Node } from '@tiptap/core';
import { CARD_CLASSES, embedOf, embedProvider, isEmbedProviderId } from '../../post-cards.ts';
import { ATOM_CARD } from './atom-card.ts';

/** The title a new embed gets: „YouTube — https://…”. */
export const defaultEmbedTitle = (provider: string, url: string): string =>
  `${isEmbedProviderId(provider) ? embedProvider(provider).label : provider} — ${url}`;

/** The embed a stored `<div class="embed-card">` holds, when its link is one of its provider's pages. */
function embedAttributes(element: HTMLElement) {
  const provider = element.getAttribute('data-provider') ?? '';
  const link = element.querySelector(':scope > a[href]');
  const href = link?.getAttribute('href') ?? '';
  const embed = embedOf(href);
  if (!link || element.children.length !== 1 || embed?.provider !== provider) return false;
  return { provider, href, title: link.textContent?.trim() || defaultEmbedTitle(provider, href) };
}

/**
 * A YouTube, Vimeo, X, Spotify, SoundCloud or CodePen page embedded in the post, stored as
 * `<div class="embed-card" data-provider="…"><a href="…">Tytuł</a></div>` (post-cards.ts).
 */
export const EmbedCard = Node.create({
  name: 'embedCard',
  ...ATOM_CARD,

  addAttributes() {
    return {
      provider: { default: '', rendered: false },
      href: { default: '', rendered: false },
      title: { default: '', rendered: false },
    };
  },

  parseHTML() {
    return [{ tag: `div.${CARD_CLASSES.embed}`, priority: 110, getAttrs: embedAttributes }];
  },

  renderHTML({ node }) {
    const { provider, href, title } = node.attrs as { provider: string; href: string; title: string };
    // The link mark's own spelling (target, rel, href), as the server writes every link.
    return [
      'div',
      { class: CARD_CLASSES.embed, 'data-provider': provider },
      [
        'a',
        { target: '_blank', rel: 'noopener noreferrer', href },
        title || defaultEmbedTitle(provider, href),
      ],
    ];
  },
});
