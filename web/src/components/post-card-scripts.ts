import { CARD_CLASSES, embedOf, embedProvider } from '@blog/shared/post-cards';

/**
 * What script adds to the cards of a server-drawn post body (each works without it): an embed's
 * player, loaded only when the reader asks, and a gallery's lightbox. Returns the undoing of it all.
 */
export function enhancePostCards(root: HTMLElement): () => void {
  const done = new AbortController();
  for (const card of Array.from(root.querySelectorAll<HTMLElement>(`div.${CARD_CLASSES.embed}`))) {
    offerPlayer(card, done.signal);
  }
  for (const card of Array.from(root.querySelectorAll<HTMLElement>(`div.${CARD_CLASSES.gallery}`))) {
    openInLightbox(card, done.signal);
  }
  return () => done.abort();
}

/** The sandbox of every player: its own scripts and origin (players need both), no top navigation. */
export const PLAYER_SANDBOX = 'allow-scripts allow-same-origin allow-presentation allow-popups';
/** Only what a player needs to play (full screen, protected media, picture in picture). */
export const PLAYER_ALLOW = 'fullscreen; encrypted-media; picture-in-picture';

/**
 * Adds „Wczytaj <serwis>” to an embed's placeholder. Nothing is asked of the provider before the
 * click; the player's address is worked out again from the stored link (never taken from the
 * HTML), and a link that is not a page of the card's provider stays a plain link.
 */
function offerPlayer(card: HTMLElement, signal: AbortSignal): void {
  const link = card.querySelector<HTMLAnchorElement>(':scope > a[href]');
  const embed = embedOf(link?.getAttribute('href') ?? '');
  if (!link || !embed || embed.provider !== card.dataset.provider || card.querySelector('button')) return;
  const { label } = embedProvider(embed.provider);
  const note = document.createElement('p');
  note.id = `embed-note-${Math.random().toString(36).slice(2)}`;
  note.textContent = `Odtwarzacz wczyta treść z serwisu ${label}.`;
  const load = document.createElement('button');
  load.type = 'button';
  load.textContent = `Wczytaj ${label}`;
  load.setAttribute('aria-describedby', note.id);
  card.append(load, note);
  load.addEventListener(
    'click',
    () => {
      const frame = document.createElement('iframe');
      frame.title = link.textContent?.trim() || label;
      frame.setAttribute('sandbox', PLAYER_SANDBOX);
      frame.setAttribute('allow', PLAYER_ALLOW);
      frame.setAttribute('referrerpolicy', 'strict-origin-when-cross-origin');
      frame.setAttribute('loading', 'lazy');
      frame.setAttribute('allowfullscreen', '');
      frame.src = embed.frameSrc;
      card.dataset.loaded = '';
      card.replaceChildren(frame);
      frame.focus();
    },
    { signal, once: true },
  );
}

const control = (label: string, text: string, action: string) => {
  const button = document.createElement('button');
  button.type = 'button';
  button.textContent = text;
  button.setAttribute('aria-label', label);
  button.dataset.action = action;
  return button;
};

/**
 * A gallery's images open full size in a modal dialog: Enter or a click opens, the arrows move,
 * Escape closes and focus goes back to the image that opened it. Without script each image is a
 * link to its full size.
 */
function openInLightbox(card: HTMLElement, signal: AbortSignal): void {
  const links = Array.from(card.querySelectorAll<HTMLAnchorElement>(':scope > figure > a[href]'));
  if (links.length === 0) return;
  let index = 0;
  let dialog: HTMLDialogElement | null = null;
  let image: HTMLImageElement | null = null;
  let caption: HTMLElement | null = null;
  let count: HTMLElement | null = null;

  const show = (at: number) => {
    index = (at + links.length) % links.length;
    const link = links[index]!;
    const thumbnail = link.querySelector('img');
    image!.src = link.getAttribute('href') ?? '';
    image!.alt = thumbnail?.alt ?? '';
    caption!.textContent = link.parentElement?.querySelector('figcaption')?.textContent ?? '';
    count!.textContent = `${index + 1} z ${links.length}`;
  };

  /** Closes and, in the same task, puts focus on the image shown last (the browser restores the opener). */
  const close = () => {
    dialog?.close();
    links[index]?.focus();
  };

  const build = () => {
    dialog = document.createElement('dialog');
    dialog.className = 'gallery-lightbox';
    dialog.setAttribute('aria-label', 'Galeria');
    image = document.createElement('img');
    caption = document.createElement('p');
    count = document.createElement('p');
    count.setAttribute('aria-live', 'polite');
    const bar = document.createElement('div');
    bar.append(
      control('Poprzedni obraz', '←', 'previous'),
      count,
      control('Następny obraz', '→', 'next'),
      control('Zamknij', '✕', 'close'),
    );
    dialog.append(bar, image, caption);
    dialog.addEventListener('click', (event) => {
      const action = (event.target as HTMLElement).closest('button')?.dataset.action;
      if (action === 'previous') show(index - 1);
      else if (action === 'next') show(index + 1);
      else if (action === 'close' || event.target === dialog) close();
    });
    dialog.addEventListener('keydown', (event) => {
      if (event.key === 'ArrowLeft') show(index - 1);
      else if (event.key === 'ArrowRight') show(index + 1);
      // Closed here rather than by the dialog's own cancel, whose focus lands on the opening image
      // first and moves to the shown one only with the later `close` event.
      else if (event.key === 'Escape') close();
      else return;
      event.preventDefault();
    });
    // Any other way it closes: back to the image shown.
    dialog.addEventListener('close', () => {
      if (document.activeElement !== links[index]) links[index]?.focus();
    });
    card.append(dialog);
  };

  links.forEach((link, at) =>
    link.addEventListener(
      'click',
      (event) => {
        if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
        event.preventDefault();
        if (!dialog) build();
        show(at);
        dialog!.showModal();
        dialog!.querySelector<HTMLButtonElement>('button[data-action="close"]')?.focus();
      },
      { signal },
    ),
  );
  signal.addEventListener('abort', () => {
    dialog?.remove();
  });
}
