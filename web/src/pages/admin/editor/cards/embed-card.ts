import { defaultEmbedTitle, EmbedCard as SharedEmbedCard } from '@blog/shared/editor-schema';
import { EMBED_PROVIDERS, embedOf, embedProvider, isEmbedProviderId } from '@blog/shared/post-cards';
import type { Node as ProseMirrorNode } from '@tiptap/pm/model';
import { Plugin } from '@tiptap/pm/state';
import { cardButton } from './atom-card.ts';

export { defaultEmbedTitle };

declare module '@tiptap/core' {
  interface Commands<ReturnType> {
    embedCard: {
      /** Inserts an embed of `address` at the selection; false when embedOf refuses the address. */
      insertEmbed: (address: string, title?: string) => ReturnType;
    };
  }
}

/** „YouTube, Vimeo, … i CodePen”: the services an embed may come from. */
export const EMBED_SERVICES = new Intl.ListFormat('pl', { type: 'conjunction' }).format(
  EMBED_PROVIDERS.map((provider) => provider.label),
);

/** What the „Osadź” dialog says when an address is not one of the players. */
export const EMBED_REFUSED = `Tego adresu nie da się osadzić. Obsługujemy: ${EMBED_SERVICES}.`;

/**
 * A YouTube, Vimeo, X, Spotify, SoundCloud or CodePen page embedded in the post, stored as
 * `<div class="embed-card" data-provider="…"><a href="…">Tytuł</a></div>` (post-cards.ts). The
 * editor never loads the player: it shows the provider, an editable title and the address. An
 * address pasted alone on an empty line becomes an embed.
 */
export const EmbedCard = SharedEmbedCard.extend({
  addCommands() {
    return {
      insertEmbed:
        (address, title) =>
        ({ commands }) => {
          const embed = embedOf(address);
          if (!embed) return false;
          return commands.insertContent({
            type: this.name,
            attrs: {
              provider: embed.provider,
              href: embed.url,
              title: title?.trim() || defaultEmbedTitle(embed.provider, embed.url),
            },
          });
        },
    };
  },

  addProseMirrorPlugins() {
    const type = this.type;
    return [
      new Plugin({
        props: {
          // An embeddable address pasted alone into an empty paragraph becomes the card.
          handlePaste: (view, event) => {
            const text = event.clipboardData?.getData('text/plain')?.trim() ?? '';
            if (text === '' || /\s/.test(text)) return false;
            const embed = embedOf(text);
            const { $from, empty } = view.state.selection;
            if (!embed || !empty || $from.parent.type.name !== 'paragraph' || $from.parent.content.size > 0) {
              return false;
            }
            const card = type.create({
              provider: embed.provider,
              href: embed.url,
              title: defaultEmbedTitle(embed.provider, embed.url),
            });
            view.dispatch(view.state.tr.replaceWith($from.before(), $from.after(), card).scrollIntoView());
            return true;
          },
        },
      }),
    ];
  },

  addNodeView() {
    return ({ node: initial, editor, getPos }) => {
      let node: ProseMirrorNode = initial;
      const dom = document.createElement('div');
      dom.className = 'card-view embed-card-view';
      dom.contentEditable = 'false';
      dom.setAttribute('role', 'group');

      const bar = document.createElement('div');
      bar.className = 'card-bar';
      const label = document.createElement('span');
      bar.append(label, cardButton('Usuń osadzenie', 'delete'));

      const body = document.createElement('div');
      body.className = 'card-body';
      const title = document.createElement('input');
      title.type = 'text';
      title.maxLength = 300;
      title.setAttribute('aria-label', 'Tytuł osadzenia');
      const address = document.createElement('p');
      address.className = 'embed-card-address';
      body.append(title, address);
      dom.append(bar, body);

      const draw = () => {
        const provider = node.attrs.provider as string;
        const name = isEmbedProviderId(provider) ? embedProvider(provider).label : provider;
        label.textContent = `Osadzenie · ${name}`;
        dom.setAttribute('aria-label', `Osadzenie: ${name}`);
        if (title.value !== node.attrs.title) title.value = node.attrs.title as string;
        address.textContent = node.attrs.href as string;
      };
      draw();

      const setTitle = () => {
        const position = getPos();
        if (position === undefined || !editor.isEditable) return;
        const value =
          title.value.trim() || defaultEmbedTitle(node.attrs.provider as string, node.attrs.href as string);
        if (value === node.attrs.title) return;
        editor.view.dispatch(
          editor.state.tr.setNodeMarkup(position, undefined, { ...node.attrs, title: value }),
        );
      };
      title.addEventListener('change', setTitle);
      title.addEventListener('keydown', (event) => {
        if (event.key !== 'Enter') return;
        event.preventDefault();
        setTitle();
      });
      bar.addEventListener('click', (event) => {
        if ((event.target as HTMLElement).closest('button')?.dataset.action !== 'delete') return;
        const position = getPos();
        if (position === undefined || !editor.isEditable) return;
        event.preventDefault();
        editor
          .chain()
          .focus()
          .deleteRange({ from: position, to: position + node.nodeSize })
          .run();
      });

      return {
        dom,
        update: (updated) => {
          if (updated.type !== node.type) return false;
          node = updated;
          draw();
          return true;
        },
        stopEvent: (event) => Boolean((event.target as HTMLElement | null)?.closest('button, input')),
        ignoreMutation: () => true,
      };
    };
  },
});
