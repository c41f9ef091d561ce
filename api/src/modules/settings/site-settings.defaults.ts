/** The blog's name in feeds (the web shows the same name, web/src/lib/site.ts). */
export const BLOG_NAME = 'Uwaga, Chaos';

/** What the public side shows while an admin has not set a value (spec section 3). */
export const SITE_SETTINGS_DEFAULTS = {
  titleLink: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
  blogDescription:
    'Blog o tym, jak technologia kradnie nam uwagę, produktywność udaje, że istnieje, a w biznesie jak zwykle rządzi chaos.',
  aboutPageContent:
    '<p>Ten blog powstaje z ciekawości: piszemy o tym, jak technologia zmienia naszą uwagę, pracę i biznes.</p>' +
    '<p>Treści na tej stronie są redagowane z pomocą sztucznej inteligencji (AI), a każdy tekst przed publikacją czyta i poprawia człowiek.</p>',
  commentsEnabled: true,
} as const;
