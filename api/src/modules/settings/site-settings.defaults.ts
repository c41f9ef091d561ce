/** The blog's name in feeds (the web shows the same name, web/src/lib/site.ts). */
export const BLOG_NAME = 'Uwaga, Chaos';

/** What the public side shows while an admin has not set a value (spec section 3). */
export const SITE_SETTINGS_DEFAULTS = {
  titleLink: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
  blogDescription:
    'Blog o tym, jak technologia kradnie nam uwagę, produktywność udaje, że istnieje, a w biznesie jak zwykle rządzi chaos.',
  // The same two paragraphs as the web's fallback (web/src/pages/public/about-page.tsx).
  aboutPageContent:
    '<p>Ten blog powstał z ciekawości i lekkiej irytacji: o tym, jak technologia kradnie nam uwagę, jak produktywność częściej udaje, niż naprawdę istnieje, i jak w biznesie – mimo wszystkich procesów i narzędzi – wciąż rządzi chaos.</p>' +
    '<p>Teksty piszę sam, a przy redakcji korzystam z pomocy sztucznej inteligencji (AI): przy poprawianiu języka, skracaniu i porządkowaniu myśli. Za treść i opinie odpowiadam jednak w całości ja.</p>',
  commentsEnabled: true,
} as const;
