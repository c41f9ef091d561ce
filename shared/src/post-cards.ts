/**
 * The cards a post body holds besides text, written once: the stored HTML of each (what the editor
 * writes, the server's sanitizer keeps and the importers produce), and the checks of the values
 * their attributes may carry. The public page, RSS and e-mails draw each card from this stored form.
 *
 * - table:   `<table><tbody><tr><th><p>…</p></th>…</tr><tr><td><p>…</p></td>…</tr></tbody></table>`
 *            (a header row is a first row of `th`; a cell may carry `colspan`/`rowspan`)
 * - embed:   `<div class="embed-card" data-provider="youtube"><a href="https://www.youtube.com/watch?v=…">Tytuł</a></div>`
 *            (the link is the embedded address; without script, in RSS and in e-mails it stays a link)
 * - gallery: `<div class="gallery-card"><figure><a target="_self" href="…"><img …></a><figcaption>…</figcaption></figure>…</div>`
 *            (2–9 figures, each an image with an optional plain-text caption; the link is the full
 *            image, so without script a reader still reaches it)
 * - callout: `<div class="callout-card" data-callout="info" data-emoji="💡"><p>…</p></div>`
 * - button:  `<div class="button-card"><a href="https://…">Tekst przycisku</a></div>`
 * - toggle:  `<details><summary>Tytuł</summary><p>…</p></details>`
 * - html:    `<div class="html-card">…</div>` (what the editor cannot show, kept as HTML)
 */

export const CARD_CLASSES = {
  html: 'html-card',
  embed: 'embed-card',
  gallery: 'gallery-card',
  callout: 'callout-card',
  button: 'button-card',
} as const;

export type CardKind = keyof typeof CARD_CLASSES;
export type CardClass = (typeof CARD_CLASSES)[CardKind];

const KIND_OF_CLASS: ReadonlyMap<string, CardKind> = new Map(
  (Object.entries(CARD_CLASSES) as [CardKind, CardClass][]).map(([kind, name]) => [name, kind]),
);

/** The card a `<div>` frames, by its class (exactly one of the card classes), or null. */
export const cardKindOf = (className: string | undefined): CardKind | null =>
  KIND_OF_CLASS.get((className ?? '').trim()) ?? null;

export const CALLOUT_KINDS = ['info', 'warning'] as const;
export type CalloutKind = (typeof CALLOUT_KINDS)[number];

/** A gallery holds this many images; fewer is an image, more is two galleries. */
export const GALLERY_IMAGES = { min: 2, max: 9 } as const;

/** The widest table cell span kept (a larger `colspan` is a broken table, not a wider one). */
export const MAX_CELL_SPAN = 50;

/** One emoji (with its modifiers and joiners), at most 16 UTF-16 units: a callout's icon. */
const EMOJI =
  /^(?:\p{Extended_Pictographic}|\p{Regional_Indicator})(?:\p{Extended_Pictographic}|\p{Emoji_Modifier}|\p{Regional_Indicator}|\u200d|\ufe0f|\u20e3)*$/u;
export const isCalloutEmoji = (value: string): boolean => value.length <= 16 && EMOJI.test(value);

type Attributes = Readonly<Record<string, string | undefined>>;

/**
 * The attributes a card's `<div>` frame keeps, in the order the editor writes them, or null when
 * the div frames no card (it then loses its tag and keeps its content). An unknown provider makes
 * an embed frame nothing (its link stays a link); an unknown callout kind becomes `info`.
 */
export function cardFrameAttributes(given: Attributes): Record<string, string> | null {
  const kind = cardKindOf(given.class);
  if (kind === null) return null;
  const frame: Record<string, string> = { class: CARD_CLASSES[kind] };
  if (kind === 'embed') {
    if (!isEmbedProviderId(given['data-provider'])) return null;
    frame['data-provider'] = given['data-provider'];
  }
  if (kind === 'callout') {
    const callout = given['data-callout'];
    frame['data-callout'] = (CALLOUT_KINDS as readonly string[]).includes(callout ?? '') ? callout! : 'info';
    const emoji = given['data-emoji']?.trim();
    if (emoji && isCalloutEmoji(emoji)) frame['data-emoji'] = emoji;
  }
  return frame;
}

/** A table cell's `colspan`/`rowspan`, kept when it is a whole number 2..MAX_CELL_SPAN (1 is the default). */
export function cellSpan(value: string | undefined): string | undefined {
  if (value === undefined || !/^\s*[0-9]{1,3}\s*$/.test(value)) return undefined;
  const span = Number(value);
  return span >= 2 && span <= MAX_CELL_SPAN ? String(span) : undefined;
}

// --- Embeds ---------------------------------------------------------------------------------------

export interface EmbedProvider {
  /** Stored as `data-provider`. */
  id: string;
  /** Shown to people: the placeholder's „… · YouTube”, the editor's menu. */
  label: string;
  /** The origin the player's iframe loads from (the only frame sources the public page allows). */
  frameOrigin: string;
  /** The player's fixed shape on the page (CSS aspect-ratio), so nothing moves when it loads. */
  aspectRatio: string;
  /** The player's address for a page address of this provider, or null when it is not one. */
  frameSrc: (url: URL) => string | null;
}

const hostIs = (url: URL, ...hosts: string[]) =>
  hosts.includes(url.hostname.toLowerCase().replace(/^(www|m)\./, ''));
const segments = (url: URL) => url.pathname.split('/').filter((part) => part !== '');

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
const NUMERIC_ID = /^[0-9]{1,20}$/;
const SLUG = /^[A-Za-z0-9_.-]{1,100}$/;

function youtubeId(url: URL): string | null {
  const parts = segments(url);
  if (hostIs(url, 'youtu.be')) return YOUTUBE_ID.test(parts[0] ?? '') ? parts[0]! : null;
  if (!hostIs(url, 'youtube.com', 'music.youtube.com', 'youtube-nocookie.com')) return null;
  const id =
    parts[0] === 'watch'
      ? url.searchParams.get('v')
      : ['embed', 'shorts', 'live', 'v'].includes(parts[0] ?? '')
        ? parts[1]
        : null;
  return id && YOUTUBE_ID.test(id) ? id : null;
}

export const EMBED_PROVIDERS = [
  {
    id: 'youtube',
    label: 'YouTube',
    frameOrigin: 'https://www.youtube-nocookie.com',
    aspectRatio: '16 / 9',
    frameSrc: (url) => {
      const id = youtubeId(url);
      return id ? `https://www.youtube-nocookie.com/embed/${id}` : null;
    },
  },
  {
    id: 'vimeo',
    label: 'Vimeo',
    frameOrigin: 'https://player.vimeo.com',
    aspectRatio: '16 / 9',
    frameSrc: (url) => {
      if (!hostIs(url, 'vimeo.com', 'player.vimeo.com')) return null;
      const id = segments(url).find((part) => NUMERIC_ID.test(part));
      return id ? `https://player.vimeo.com/video/${id}?dnt=1` : null;
    },
  },
  {
    id: 'x',
    label: 'X (Twitter)',
    frameOrigin: 'https://platform.twitter.com',
    aspectRatio: '4 / 5',
    frameSrc: (url) => {
      if (!hostIs(url, 'x.com', 'twitter.com', 'mobile.twitter.com')) return null;
      const [user, status, id] = segments(url);
      return user && SLUG.test(user) && status === 'status' && id && NUMERIC_ID.test(id)
        ? `https://platform.twitter.com/embed/Tweet.html?id=${id}&dnt=true`
        : null;
    },
  },
  {
    id: 'spotify',
    label: 'Spotify',
    frameOrigin: 'https://open.spotify.com',
    aspectRatio: '16 / 9',
    frameSrc: (url) => {
      if (!hostIs(url, 'open.spotify.com')) return null;
      const parts = segments(url).filter((part) => !/^intl-[a-z-]+$/i.test(part));
      const [type, id] = parts[0] === 'embed' ? parts.slice(1) : parts;
      return type &&
        ['track', 'album', 'playlist', 'episode', 'show', 'artist'].includes(type) &&
        id &&
        /^[A-Za-z0-9]{22}$/.test(id)
        ? `https://open.spotify.com/embed/${type}/${id}`
        : null;
    },
  },
  {
    id: 'soundcloud',
    label: 'SoundCloud',
    frameOrigin: 'https://w.soundcloud.com',
    aspectRatio: '16 / 9',
    frameSrc: (url) => {
      if (!hostIs(url, 'soundcloud.com')) return null;
      const parts = segments(url);
      if (parts.length < 2 || parts.length > 3 || !parts.every((part) => SLUG.test(part))) return null;
      const page = `https://soundcloud.com/${parts.join('/')}`;
      return `https://w.soundcloud.com/player/?url=${encodeURIComponent(page)}&visual=true`;
    },
  },
  {
    id: 'codepen',
    label: 'CodePen',
    frameOrigin: 'https://codepen.io',
    aspectRatio: '4 / 3',
    frameSrc: (url) => {
      if (!hostIs(url, 'codepen.io')) return null;
      const [user, kind, id] = segments(url);
      return user && SLUG.test(user) && (kind === 'pen' || kind === 'embed') && id && SLUG.test(id)
        ? `https://codepen.io/${user}/embed/preview/${id}?default-tab=result`
        : null;
    },
  },
] as const satisfies readonly EmbedProvider[];

export type EmbedProviderId = (typeof EMBED_PROVIDERS)[number]['id'];

export const isEmbedProviderId = (value: string | undefined): value is EmbedProviderId =>
  EMBED_PROVIDERS.some((provider) => provider.id === value);

export const embedProvider = (id: EmbedProviderId): EmbedProvider =>
  EMBED_PROVIDERS.find((provider) => provider.id === id)!;

/** The origins the public page lets frames load from (its CSP `frame-src`): the players, nothing else. */
export const EMBED_FRAME_ORIGINS: readonly string[] = [
  ...new Set(EMBED_PROVIDERS.map((provider) => provider.frameOrigin)),
];

export interface Embed {
  provider: EmbedProviderId;
  /** The page address as given (https), the card's link. */
  url: string;
  /** The privacy-friendly player address, loaded only after the reader asks for it. */
  frameSrc: string;
}

/**
 * The embed an address stands for (a YouTube, Vimeo, X, Spotify, SoundCloud or CodePen page), or
 * null. Only https (http is read as https); no credentials, no port.
 */
export function embedOf(address: string): Embed | null {
  let url: URL;
  try {
    url = new URL(address.trim());
  } catch {
    return null;
  }
  if (url.protocol === 'http:') url.protocol = 'https:';
  if (url.protocol !== 'https:' || url.username || url.password || url.port) return null;
  for (const provider of EMBED_PROVIDERS) {
    const frameSrc = provider.frameSrc(url);
    if (frameSrc) return { provider: provider.id, url: url.href, frameSrc };
  }
  return null;
}
