import { escapeMarkup } from '../../html/escape-markup.ts';

/** What a crawler or a link preview should know about a page, injected into index.html. */
export interface PageMeta {
  /** OpenGraph type: an article, or a page of the site (a category or tag page); article by default. */
  type?: 'article' | 'website';
  title: string;
  description: string | null;
  /** Absolute URLs. */
  url: string;
  imageUrl: string | null;
  /** schema.org data, written as a JSON-LD script. */
  jsonLd?: Record<string, unknown>;
  /** Feeds of this page (its categories, its tag; absolute URLs), as <link rel="alternate">. */
  feeds?: { title: string; href: string }[];
}

/**
 * JSON for a <script> element: `<`, `>`, `&` and the line separators escaped, so no text of a
 * post can close the element or be read as markup.
 */
export const scriptSafeJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/** index.html with the page's own title, description, canonical link, OpenGraph/Twitter tags, JSON-LD and feeds. */
export function withPageMeta(indexHtml: string, meta: PageMeta, siteName: string): string {
  const title = escapeMarkup(`${meta.title} — ${siteName}`);
  const description = meta.description ? escapeMarkup(meta.description) : undefined;
  const tags = [
    `<link rel="canonical" href="${escapeMarkup(meta.url)}" />`,
    `<meta property="og:type" content="${meta.type ?? 'article'}" />`,
    `<meta property="og:site_name" content="${escapeMarkup(siteName)}" />`,
    `<meta property="og:title" content="${escapeMarkup(meta.title)}" />`,
    `<meta property="og:url" content="${escapeMarkup(meta.url)}" />`,
    `<meta property="og:locale" content="pl_PL" />`,
    description ? `<meta property="og:description" content="${description}" />` : '',
    meta.imageUrl ? `<meta property="og:image" content="${escapeMarkup(meta.imageUrl)}" />` : '',
    `<meta name="twitter:card" content="${meta.imageUrl ? 'summary_large_image' : 'summary'}" />`,
    ...(meta.feeds ?? []).map(
      (feed) =>
        `<link rel="alternate" type="application/rss+xml" title="${escapeMarkup(feed.title)}" href="${escapeMarkup(feed.href)}" />`,
    ),
    meta.jsonLd ? `<script type="application/ld+json">${scriptSafeJson(meta.jsonLd)}</script>` : '',
  ].filter(Boolean);
  // Replacer functions: a title like „Krótko o $'…'” must not be read as a replacement pattern.
  let html = indexHtml.replace(/<title>[^<]*<\/title>/, () => `<title>${title}</title>`);
  if (description) {
    // The built index.html is formatted: its tag spans lines (a one-line pattern never matched it, so
    // every article used to keep the site's description).
    html = html.replace(
      /<meta\s+name="description"\s+content="[^"]*"\s*\/?>/,
      () => `<meta name="description" content="${description}" />`,
    );
  }
  return html.replace('</head>', () => `    ${tags.join('\n    ')}\n  </head>`);
}
