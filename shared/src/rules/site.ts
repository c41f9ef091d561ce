/**
 * Facts about the site that the server and the web both show: written here once. The blog's name
 * is not (yet) a setting; the defaults are what the public side shows while an admin has not set a
 * value.
 */
export const BLOG_NAME = 'Uwaga, Chaos';

export const SITE_SETTINGS_DEFAULTS = {
  titleLink: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
  blogDescription:
    'Blog o tym, jak technologia kradnie nam uwagę, produktywność udaje, że istnieje, a w biznesie jak zwykle rządzi chaos.',
  aboutPageContent:
    '<p>Ten blog powstał z ciekawości i lekkiej irytacji: o tym, jak technologia kradnie nam uwagę, jak produktywność częściej udaje, niż naprawdę istnieje, i jak w biznesie – mimo wszystkich procesów i narzędzi – wciąż rządzi chaos.</p>' +
    '<p>Teksty piszę sam, a przy redakcji korzystam z pomocy sztucznej inteligencji (AI): przy poprawianiu języka, skracaniu i porządkowaniu myśli. Za treść i opinie odpowiadam jednak w całości ja.</p>',
  commentsEnabled: true,
  /** Off: a comment is public at once; the approval queue is opt-in. */
  commentsRequireApproval: false,
} as const;

/** Cards per page of the public list (/posts). */
export const POSTS_PER_PAGE = 6;
/** Latest posts on the home page. */
export const HOME_POSTS_COUNT = 3;
