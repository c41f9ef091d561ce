import { GalleryCard as SharedGalleryCard, type GalleryImage } from '@blog/shared/editor-schema';
import { GALLERY_IMAGES } from '@blog/shared/post-cards';
import type { Node as ProseMirrorNode } from '@tiptap/pm/model';

export type { GalleryImage };

declare module '@tiptap/core' {
  interface Commands<ReturnType> {
    galleryCard: {
      /** Inserts a gallery at the selection (GALLERY_IMAGES.min–max images, else false). */
      insertGallery: (images: GalleryImage[]) => ReturnType;
      /** Adds images at the end of the gallery at `position`, up to GALLERY_IMAGES.max. */
      addGalleryImages: (position: number, images: GalleryImage[]) => ReturnType;
    };
  }
}

export interface GalleryCardOptions {
  /** Asks the writer for more images for the gallery at `position`, which has `has` (the editor's file picker). */
  addImages: (position: number, has: number) => void;
}

const button = (label: string, action: string, index: number, disabled = false) => {
  const element = document.createElement('button');
  element.type = 'button';
  element.textContent = label;
  element.dataset.action = action;
  element.dataset.index = String(index);
  element.disabled = disabled;
  return element;
};

const field = (label: string, value: string, name: string, index: number) => {
  const input = document.createElement('input');
  input.type = 'text';
  input.maxLength = 300;
  input.value = value;
  input.dataset.field = name;
  input.dataset.index = String(index);
  input.setAttribute('aria-label', label);
  return input;
};

/**
 * 2–9 uploaded images in a grid, stored as `<div class="gallery-card"><figure><a href><img>
 * </a><figcaption>…</figcaption></figure>…</div>` (post-cards.ts). In the editor each image can be
 * described again, moved, removed, and more can be added (through the image dialog).
 */
export const GalleryCard = SharedGalleryCard.extend<GalleryCardOptions>({
  addOptions() {
    return { addImages: () => undefined };
  },

  addCommands() {
    return {
      insertGallery:
        (images) =>
        ({ commands }) =>
          images.length >= GALLERY_IMAGES.min &&
          images.length <= GALLERY_IMAGES.max &&
          commands.insertContent({ type: this.name, attrs: { images } }),
      addGalleryImages:
        (position, images) =>
        ({ tr, state, dispatch }) => {
          const node = state.doc.nodeAt(position);
          if (node?.type.name !== this.name) return false;
          const all = [...(node.attrs.images as GalleryImage[]), ...images].slice(0, GALLERY_IMAGES.max);
          if (dispatch) tr.setNodeMarkup(position, undefined, { images: all });
          return true;
        },
    };
  },

  addNodeView() {
    return ({ node: initial, editor, getPos }) => {
      let node: ProseMirrorNode = initial;
      const dom = document.createElement('div');
      dom.className = 'card-view gallery-card-view';
      dom.contentEditable = 'false';
      dom.setAttribute('role', 'group');
      dom.setAttribute('aria-label', 'Galeria');

      const bar = document.createElement('div');
      bar.className = 'card-bar';
      const label = document.createElement('span');
      const add = button('Dodaj obrazy', 'add', -1);
      bar.append(label, add, button('Usuń galerię', 'delete', -1));
      const grid = document.createElement('ol');
      grid.className = 'gallery-card-grid';
      dom.append(bar, grid);

      const imagesOf = () => node.attrs.images as GalleryImage[];
      const draw = () => {
        const images = imagesOf();
        label.textContent = `Galeria · ${images.length} z ${GALLERY_IMAGES.max} obrazów`;
        add.disabled = images.length >= GALLERY_IMAGES.max;
        grid.replaceChildren(
          ...images.map((image, index) => {
            const item = document.createElement('li');
            const img = document.createElement('img');
            img.src = image.src;
            img.alt = image.alt ?? '';
            const number = index + 1;
            const actions = document.createElement('div');
            actions.append(
              button('←', 'left', index, index === 0),
              button('→', 'right', index, index === images.length - 1),
              button('Usuń', 'remove', index, images.length <= GALLERY_IMAGES.min),
            );
            actions.children[0]!.setAttribute('aria-label', `Przesuń obraz ${number} w lewo`);
            actions.children[1]!.setAttribute('aria-label', `Przesuń obraz ${number} w prawo`);
            actions.children[2]!.setAttribute('aria-label', `Usuń obraz ${number}`);
            item.append(
              img,
              field(`Tekst alternatywny obrazu ${number}`, image.alt ?? '', 'alt', index),
              field(`Podpis obrazu ${number} (opcjonalnie)`, image.caption ?? '', 'caption', index),
              actions,
            );
            return item;
          }),
        );
      };
      draw();

      const setImages = (images: GalleryImage[], focus?: string) => {
        const position = getPos();
        if (position === undefined || !editor.isEditable) return;
        editor.view.dispatch(editor.state.tr.setNodeMarkup(position, undefined, { images }));
        // Focus stays with the moved image: its button, or the first of its buttons still on.
        const target = focus ? dom.querySelector<HTMLButtonElement>(focus) : null;
        const index = target?.dataset.index;
        (target?.disabled
          ? dom.querySelector<HTMLElement>(`button[data-index="${index}"]:enabled`)
          : target
        )?.focus();
      };

      dom.addEventListener('click', (event) => {
        const target = (event.target as HTMLElement).closest('button');
        if (!target || !editor.isEditable) return;
        event.preventDefault();
        const position = getPos();
        if (position === undefined) return;
        const index = Number(target.dataset.index);
        const images = [...imagesOf()];
        switch (target.dataset.action) {
          case 'add':
            this.options.addImages(position, images.length);
            break;
          case 'delete':
            editor
              .chain()
              .focus()
              .deleteRange({ from: position, to: position + node.nodeSize })
              .run();
            break;
          case 'left':
          case 'right': {
            const to = target.dataset.action === 'left' ? index - 1 : index + 1;
            [images[index], images[to]] = [images[to]!, images[index]!];
            setImages(images, `button[data-action="${target.dataset.action}"][data-index="${to}"]`);
            break;
          }
          case 'remove':
            images.splice(index, 1);
            setImages(images, `button[data-action="add"]`);
            break;
          default:
            break;
        }
      });
      dom.addEventListener('change', (event) => {
        const input = event.target as HTMLInputElement;
        const index = Number(input.dataset.index);
        const images = [...imagesOf()];
        const image = images[index];
        if (!image) return;
        const value = input.value.trim();
        // The alternative text is required: emptied, it keeps what it was.
        if (input.dataset.field === 'alt' && value !== '') images[index] = { ...image, alt: value };
        else if (input.dataset.field === 'caption') images[index] = { ...image, caption: value || null };
        else input.value = image.alt ?? '';
        setImages(images);
      });

      return {
        dom,
        update: (updated) => {
          if (updated.type !== node.type) return false;
          const changed = updated.attrs.images !== node.attrs.images;
          node = updated;
          if (changed) draw();
          return true;
        },
        stopEvent: (event) => Boolean((event.target as HTMLElement | null)?.closest('button, input')),
        ignoreMutation: () => true,
      };
    };
  },
});
