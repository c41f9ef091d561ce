// A WordPress export whose names break the forms' rules in every way names.ts handles: NFD, no-break
// and zero-width spellings of names the blog has, line breaks, U+2028 and NEL, bidi controls, a tag
// of dots only, terms of nothing visible. Shared by the import and public-page tests.

/** 'Ąna' typed on a Mac (A + combining ogonek) and as the forms store it (NFC). */
export const NFD_ANA = 'A\u0328na';
export const ANA = '\u0104na';

const wxr = (body: string) =>
  `<?xml version="1.0" encoding="UTF-8" ?><rss version="2.0" xmlns:wp="http://wordpress.org/export/1.2/" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:dc="http://purl.org/dc/elements/1.1/"><channel><wp:wxr_version>1.2</wp:wxr_version><wp:base_site_url>https://wrogi.example.pl</wp:base_site_url>${body}</channel></rss>`;

/** One author whose login is `login`, with a post of their own. */
export const authorWxr = (login: string, email: string) =>
  wxr(`
<wp:author><wp:author_login>${login}</wp:author_login><wp:author_email>${email}</wp:author_email><wp:author_display_name>Autor</wp:author_display_name></wp:author>
<item><title>Wpis autora ${email}</title><wp:post_id>1</wp:post_id><wp:post_type>post</wp:post_type><wp:status>draft</wp:status><wp:post_name>wpis-${email.replace(/\W/g, '-')}</wp:post_name><wp:post_date_gmt>2024-03-01 10:00:00</wp:post_date_gmt><dc:creator>${login}</dc:creator><content:encoded>Treść.</content:encoded></item>
`);

export const HOSTILE_WXR = wxr(`
<wp:author><wp:author_login>${NFD_ANA}</wp:author_login><wp:author_email>ANA@example.com\u200B</wp:author_email><wp:author_display_name>Ana</wp:author_display_name></wp:author>
<wp:author><wp:author_login>Zo\u0301sia\u200B K</wp:author_login><wp:author_email></wp:author_email><wp:author_display_name>Zosia
Nowak\u202Eabc</wp:author_display_name></wp:author>
<wp:category><wp:category_nicename>ana</wp:category_nicename><wp:cat_name>${NFD_ANA}</wp:cat_name></wp:category>
<wp:category><wp:category_nicename>gory</wp:category_nicename><wp:cat_name>Góry
i\u00A0doliny</wp:cat_name></wp:category>
<wp:category><wp:category_nicename>niewidoczna</wp:category_nicename><wp:cat_name>\u200B\u2060</wp:cat_name></wp:category>
<wp:tag><wp:tag_slug>kropka</wp:tag_slug><wp:tag_name>.</wp:tag_name></wp:tag>
<wp:tag><wp:tag_slug>kropki</wp:tag_slug><wp:tag_name> .. </wp:tag_name></wp:tag>
<wp:tag><wp:tag_slug>zima</wp:tag_slug><wp:tag_name>Zima
2024</wp:tag_name></wp:tag>
<wp:tag><wp:tag_slug>lato</wp:tag_slug><wp:tag_name>Lato\u2028\u00852025</wp:tag_name></wp:tag>
<wp:tag><wp:tag_slug>wyscig</wp:tag_slug><wp:tag_name>wyścig\u200B</wp:tag_name></wp:tag>
<wp:tag><wp:tag_slug>ana</wp:tag_slug><wp:tag_name>${NFD_ANA}</wp:tag_name></wp:tag>
<wp:tag><wp:tag_slug>tatry</wp:tag_slug><wp:tag_name>Tatry\u00A0\u3000Zachodnie</wp:tag_name></wp:tag>
<wp:tag><wp:tag_slug>pusty</wp:tag_slug><wp:tag_name>\uFEFF\u200B</wp:tag_name></wp:tag>
<item><title>Wrogi wpis</title><wp:post_id>1</wp:post_id><wp:post_type>post</wp:post_type><wp:status>publish</wp:status><wp:post_name>wrogi-wpis</wp:post_name><wp:post_date_gmt>2024-03-01 10:00:00</wp:post_date_gmt><dc:creator>${NFD_ANA}</dc:creator><content:encoded>Treść wrogiego wpisu.</content:encoded>
${['ana', 'gory', 'niewidoczna'].map((slug) => `<category domain="category" nicename="${slug}">x</category>`).join('')}
${['kropka', 'kropki', 'zima', 'lato', 'wyscig', 'ana', 'tatry', 'pusty'].map((slug) => `<category domain="post_tag" nicename="${slug}">x</category>`).join('')}
<wp:comment><wp:comment_id>11</wp:comment_id><wp:comment_author>Jan
Kowalski\u200B</wp:comment_author><wp:comment_author_email>jan@example.com</wp:comment_author_email><wp:comment_date_gmt>2024-03-02 10:00:00</wp:comment_date_gmt><wp:comment_content>Dobry wpis.</wp:comment_content><wp:comment_approved>1</wp:comment_approved><wp:comment_type>comment</wp:comment_type></wp:comment>
<wp:comment><wp:comment_id>12</wp:comment_id><wp:comment_author>X\u202E</wp:comment_author><wp:comment_author_email>x@example.com</wp:comment_author_email><wp:comment_date_gmt>2024-03-02 11:00:00</wp:comment_date_gmt><wp:comment_content>Krótko.</wp:comment_content><wp:comment_approved>1</wp:comment_approved><wp:comment_type>comment</wp:comment_type></wp:comment>
</item>
<item><title>Wpis tylko z niewidoczną kategorią</title><wp:post_id>2</wp:post_id><wp:post_type>post</wp:post_type><wp:status>publish</wp:status><wp:post_name>tylko-niewidoczna</wp:post_name><wp:post_date_gmt>2024-03-03 10:00:00</wp:post_date_gmt><content:encoded>Druga treść.</content:encoded><category domain="category" nicename="niewidoczna">x</category></item>
`);
