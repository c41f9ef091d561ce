import { GALLERY_IMAGES } from '@blog/shared/post-cards';
import { imageFileProblem } from '@blog/shared/rules';
import type { Editor } from '@tiptap/core';
import { type ReactNode, useRef, useState } from 'react';
import { showError } from '../../../lib/toast.ts';
import type { GalleryImage } from './cards/gallery-card.ts';
import type { FigureImageAttributes } from './figure-image.ts';
import { ImageDialog } from './image-dialog.tsx';

/**
 * A gallery being filled: files picked (the toolbar's „Galeria”, or a gallery's „Dodaj obrazy”), each
 * described in the image dialog in turn, then put in at once: a new gallery at the selection, or more
 * images of a gallery in the text.
 */
export function useGalleryFilling(): {
  /** Given to the gallery card: its „Dodaj obrazy” (called when clicked, never during a render). */
  addImages: (position: number, has: number) => void;
  /** The toolbar's „Galeria”: a new gallery at the selection. */
  pickGallery: () => void;
  /** The hidden file input the picking opens. */
  input: ReactNode;
  /** The description dialog while a gallery is filled. */
  dialog: (editor: Editor | null) => ReactNode;
} {
  const galleryInput = useRef<HTMLInputElement>(null);
  // Where the picked files go (null: a new gallery at the selection) and how many images it has.
  const target = useRef<{ at: number | null; has: number }>({ at: null, has: 0 });
  const [gallery, setGallery] = useState<{ files: File[]; done: GalleryImage[]; at: number | null } | null>(
    null,
  );
  const [pick] = useState(() => (at: number | null, has: number) => {
    target.current = { at, has };
    galleryInput.current?.click();
  });

  const offer = (files: File[]) => {
    const { at, has } = target.current;
    const problem = files.map(imageFileProblem).find((found) => found !== null);
    const total = has + files.length;
    if (problem) {
      showError('Nie można wstawić obrazu', problem);
    } else if (total < GALLERY_IMAGES.min || total > GALLERY_IMAGES.max) {
      showError(
        'Nie można utworzyć galerii',
        `Galeria ma od ${GALLERY_IMAGES.min} do ${GALLERY_IMAGES.max} obrazów${has > 0 ? ` (są w niej już ${has})` : ''}.`,
      );
    } else {
      setGallery({ files, done: [], at });
    }
  };
  /** The gallery's images so far go in (when they make a gallery); the rest of the queue is dropped. */
  const finish = (editor: Editor | null, done: GalleryImage[], at: number | null) => {
    setGallery(null);
    if (!editor || editor.isDestroyed || done.length === 0) return;
    if (at === null) editor.chain().focus().insertGallery(done).run();
    else editor.chain().focus().addGalleryImages(at, done).run();
  };

  return {
    addImages: pick,
    pickGallery: () => pick(null, 0),
    input: (
      <input
        ref={galleryInput}
        type="file"
        accept="image/*"
        multiple
        hidden
        aria-hidden="true"
        tabIndex={-1}
        onChange={(event) => {
          const files = Array.from(event.target.files ?? []);
          event.target.value = '';
          if (files.length > 0) offer(files);
        }}
      />
    ),
    dialog: (editor) =>
      gallery && (
        <ImageDialog
          // One dialog for the whole gallery (a new one per image would lose focus to the editor and close).
          key="gallery"
          file={gallery.files[gallery.done.length] ?? null}
          onClose={() =>
            finish(
              editor,
              gallery.at === null && gallery.done.length < GALLERY_IMAGES.min ? [] : gallery.done,
              gallery.at,
            )
          }
          onInsert={(attributes: FigureImageAttributes) => {
            const { caption, src, srcset, sizes, alt, title, width, height } = attributes;
            const done = [...gallery.done, { src, srcset, sizes, alt, title, width, height, caption }];
            if (done.length < gallery.files.length) setGallery({ ...gallery, done });
            else finish(editor, done, gallery.at);
          }}
        />
      ),
  };
}
