import { escapeMarkup } from '../../html/escape-markup.ts';

/** What a crawler or a link preview should know about a page, injected into index.html. */
export interface PageMeta {
  title: string;
  description: string | null;
  /** Absolute URLs. */
  url: string;
  imageUrl: string | null;
}

/** index.html with the page's own title, description, canonical link and OpenGraph/Twitter tags. */
export function withPageMeta(indexHtml: string, meta: PageMeta, siteName: string): string {
  const title = escapeMarkup(`${meta.title} — ${siteName}`);
  const description = meta.description ? escapeMarkup(meta.description) : undefined;
  const tags = [
    `<link rel="canonical" href="${escapeMarkup(meta.url)}" />`,
    `<meta property="og:type" content="article" />`,
    `<meta property="og:site_name" content="${escapeMarkup(siteName)}" />`,
    `<meta property="og:title" content="${escapeMarkup(meta.title)}" />`,
    `<meta property="og:url" content="${escapeMarkup(meta.url)}" />`,
    `<meta property="og:locale" content="pl_PL" />`,
    description ? `<meta property="og:description" content="${description}" />` : '',
    meta.imageUrl ? `<meta property="og:image" content="${escapeMarkup(meta.imageUrl)}" />` : '',
    `<meta name="twitter:card" content="${meta.imageUrl ? 'summary_large_image' : 'summary'}" />`,
  ].filter(Boolean);
  let html = indexHtml.replace(/<title>[^<]*<\/title>/, `<title>${title}</title>`);
  if (description) {
    html = html.replace(
      /<meta name="description" content="[^"]*"\s*\/?>/,
      `<meta name="description" content="${description}" />`,
    );
  }
  return html.replace('</head>', `    ${tags.join('\n    ')}\n  </head>`);
}
