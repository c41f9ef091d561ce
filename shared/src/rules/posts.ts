import { INSTANT_FIRST_YEAR, INSTANT_LAST_YEAR } from './instant.ts';
import { IMAGE_SCHEMES, LINK_SCHEMES, SCHEDULE_PATTERN, SLUG_PATTERN, TAG_NAME_PATTERN } from './patterns.ts';
import {
  defineForm,
  idRules,
  instant,
  integer,
  linkScheme,
  max,
  maxItems,
  maxLength,
  min,
  minLength,
  pattern,
  required,
  requiredIdRules,
  characters,
  versionField,
  VERSION_MESSAGE,
  type FormValues,
} from './rule.ts';

export const TITLE_MIN_LENGTH = 3;
export const TITLE_MAX_LENGTH = 200;
export const SLUG_MIN_LENGTH = 3;
export const SLUG_MAX_LENGTH = 200;
export const CONTENT_MIN_LENGTH = 10;
/** The longest post body (its HTML, in characters). */
export const CONTENT_MAX_LENGTH = 500_000;
export const EXCERPT_MAX_LENGTH = 1000;
export const IMAGE_ALT_MAX_LENGTH = 300;
export const MAX_POST_CATEGORIES = 50;
export const MAX_POST_TAGS = 30;
export const TAG_MAX_LENGTH = 50;
export const SEARCH_MAX_LENGTH = 200;
export const MAX_POSTS_PER_PAGE = 50;

/** Lengths of a search result's title and description (the panel counts towards them). */
export const META_TITLE_MAX = 70;
export const META_DESCRIPTION_MAX = 160;

export const POST_MESSAGES = {
  title: `Tytuł musi mieć co najmniej ${characters(TITLE_MIN_LENGTH)}`,
  titleTooLong: `Tytuł może mieć najwyżej ${characters(TITLE_MAX_LENGTH)}`,
  slug: `Slug musi mieć co najmniej ${characters(SLUG_MIN_LENGTH)}`,
  slugTooLong: `Slug może mieć najwyżej ${characters(SLUG_MAX_LENGTH)}`,
  slugPattern: 'Slug może zawierać tylko małe litery, cyfry i myślniki',
  content: `Treść musi mieć co najmniej ${characters(CONTENT_MIN_LENGTH)}`,
  excerpt: `Zajawka może mieć najwyżej ${characters(EXCERPT_MAX_LENGTH)}`,
  imageAlt: `Tekst alternatywny obrazu może mieć najwyżej ${characters(IMAGE_ALT_MAX_LENGTH)}`,
  categories: 'Nieprawidłowa lista kategorii',
  tags: `Nieprawidłowa lista tagów (najwyżej ${MAX_POST_TAGS} tagów po ${characters(TAG_MAX_LENGTH)})`,
  tagDots: 'Tag nie może składać się z samych kropek ani zawierać znaków sterujących (np. nowej linii)',
  // The editor's alerts for a bad link or image address.
  link: 'Wystąpił błąd podczas dodawania linku. Sprawdź poprawność URL.',
  image: 'Wystąpił błąd podczas dodawania obrazu. Sprawdź poprawność URL.',
  // The SEO and sharing panel: the lengths a search result shows.
  metaTitle: `Tytuł SEO może mieć najwyżej ${characters(META_TITLE_MAX)}`,
  metaDescription: `Opis SEO może mieć najwyżej ${characters(META_DESCRIPTION_MAX)}`,
  socialImage: 'Nieprawidłowy adres obrazu do udostępniania',
  // „Zaplanuj publikację”: a moment not written as one, one the calendar has not got, one too far off.
  schedule: 'Nieprawidłowa data publikacji',
  scheduleCalendar:
    'Taki dzień lub godzina nie istnieje w kalendarzu (np. 30 lutego) — popraw datę publikacji',
  scheduleRange: `Termin publikacji musi przypadać między rokiem ${INSTANT_FIRST_YEAR} a ${INSTANT_LAST_YEAR}`,
} as const;

const M = POST_MESSAGES;

/** The post editor; sent as the JSON `postData` of the multipart body. */
export const postForm = defineForm({
  fields: {
    title: {
      type: 'text',
      rules: [
        required(M.title),
        minLength(TITLE_MIN_LENGTH, M.title),
        maxLength(TITLE_MAX_LENGTH, M.titleTooLong),
      ],
    },
    slug: {
      type: 'text',
      normalize: 'identifier',
      rules: [
        required(M.slug),
        minLength(SLUG_MIN_LENGTH, M.slug),
        maxLength(SLUG_MAX_LENGTH, M.slugTooLong),
        pattern(SLUG_PATTERN, M.slugPattern),
      ],
    },
    // HTML from the editor: line feeds and tabs are part of it.
    content: {
      type: 'text',
      lines: 'many',
      rules: [
        required(M.content),
        minLength(CONTENT_MIN_LENGTH, M.content),
        maxLength(CONTENT_MAX_LENGTH, 'Treść jest za długa'),
      ],
    },
    // A textarea in the editor: a line break typed there is kept (and stored excerpts may have one).
    excerpt: {
      type: 'text',
      lines: 'many',
      nullable: true,
      rules: [maxLength(EXCERPT_MAX_LENGTH, M.excerpt)],
    },
    published: { type: 'boolean', typeMessage: 'Nieprawidłowy status publikacji', rules: [] },
    imageUrl: {
      type: 'text',
      nullable: true,
      rules: [
        maxLength(2048, 'Nieprawidłowy adres obrazu'),
        pattern('^$|^(https?://|/uploads/)\\S+$', 'Nieprawidłowy adres obrazu'),
      ],
    },
    // Empty or null: the title, the excerpt and the cover stand in (SEO and sharing panel).
    metaTitle: { type: 'text', nullable: true, rules: [maxLength(META_TITLE_MAX, M.metaTitle)] },
    metaDescription: {
      type: 'text',
      lines: 'many',
      nullable: true,
      rules: [maxLength(META_DESCRIPTION_MAX, M.metaDescription)],
    },
    socialImageUrl: {
      type: 'text',
      nullable: true,
      rules: [maxLength(2048, M.socialImage), pattern('^$|^(https?://|/uploads/)\\S+$', M.socialImage)],
    },
    imageAlt: {
      type: 'text',
      nullable: true,
      rules: [maxLength(IMAGE_ALT_MAX_LENGTH, M.imageAlt)],
    },
    categories: {
      type: 'integerList',
      rules: [maxItems(MAX_POST_CATEGORIES, M.categories), ...idRules(M.categories)],
    },
    // One tag per name, whatever its spelling (the tags table is shared by every post).
    tags: {
      type: 'textList',
      normalize: 'identifier',
      rules: [
        maxItems(MAX_POST_TAGS, M.tags),
        minLength(1, M.tags),
        maxLength(TAG_MAX_LENGTH, M.tags),
        pattern(TAG_NAME_PATTERN, M.tagDots),
      ],
    },
    // The page turns the picker's Warsaw date and time into this instant; the browser checks nothing of it.
    scheduledAt: {
      type: 'text',
      nullable: true,
      only: 'api',
      rules: [
        maxLength(40, M.schedule),
        pattern(SCHEDULE_PATTERN, M.schedule),
        instant('calendar', M.scheduleCalendar),
        instant('range', M.scheduleRange),
      ],
    },
    version: versionField,
  },
});

/** Restoring a revision („Historia zmian”): the post's version as loaded, always sent. */
export const revisionRestoreForm = defineForm({
  fields: {
    version: {
      type: 'integer',
      typeMessage: VERSION_MESSAGE,
      rules: requiredIdRules(VERSION_MESSAGE),
    },
  },
});

/** The address asked for by the editor's link button. */
export const editorLinkForm = defineForm({
  fields: { href: { type: 'text', rules: [required(M.link), linkScheme(LINK_SCHEMES, M.link)] } },
});

/** The address asked for by the editor's image button: web addresses only, no data: URLs. */
export const editorImageForm = defineForm({
  fields: { src: { type: 'text', rules: [required(M.image), linkScheme(IMAGE_SCHEMES, M.image)] } },
});

const PAGE = 'Numer strony musi być liczbą całkowitą większą od 0.';
const LIMIT = `Liczba wpisów na stronie musi być liczbą od 1 do ${MAX_POSTS_PER_PAGE}.`;

const POST_ADDRESS = 'Nieprawidłowy adres artykułu.';

/** `GET /posts/{slugOrId}` (contract: SlugOrIdPath): a slug, or an id in digits. */
export const postPathForm = defineForm({
  fields: {
    slugOrId: {
      type: 'text',
      rules: [required(POST_ADDRESS), minLength(1, POST_ADDRESS), maxLength(SLUG_MAX_LENGTH, POST_ADDRESS)],
    },
  },
});

/** Query of the public list (GET /posts): search text, paging, and a category or tag. */
export const postListQueryForm = defineForm({
  fields: {
    page: { type: 'integer', rules: [integer(PAGE), min(1, PAGE), max(1_000_000, PAGE)] },
    limit: { type: 'integer', rules: [integer(LIMIT), min(1, LIMIT), max(MAX_POSTS_PER_PAGE, LIMIT)] },
    q: {
      type: 'text',
      rules: [
        maxLength(
          SEARCH_MAX_LENGTH,
          `Wyszukiwana fraza może mieć najwyżej ${characters(SEARCH_MAX_LENGTH)}.`,
        ),
      ],
    },
    // The readers' archives (a category page, a tag page): only posts of this visible category / tag.
    category: { type: 'integer', rules: idRules('Nieprawidłowa kategoria.') },
    tag: {
      type: 'text',
      normalize: 'identifier',
      rules: [maxLength(TAG_MAX_LENGTH, `Tag może mieć najwyżej ${characters(TAG_MAX_LENGTH)}.`)],
    },
  },
});

export type PostFormValues = FormValues<typeof postForm>;
export type EditorLinkValues = FormValues<typeof editorLinkForm>;
export type EditorImageValues = FormValues<typeof editorImageForm>;
export type PostListQueryValues = FormValues<typeof postListQueryForm>;
