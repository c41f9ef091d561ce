import type { PostDetail, PostSummary } from '@blog/openapi';
import { authorName, imageSrc, imageSrcset } from '@blog/openapi/rules';
import { escapeMarkup } from '../../html/escape-markup.ts';
import type { ReaderData } from './reader-data.ts';

/*
 * The first screen of the home page and of an article as plain HTML inside #root: readers on a slow
 * phone see the text (and the first image) as soon as the HTML arrives, instead of after ~150 kB of
 * script has arrived and run; crawlers and readers without JavaScript get the article itself. The app
 * replaces it in one commit when it has rendered the same page (a replaced element is not a layout
 * shift). It copies the app's geometry and type (web/src/theme/system.ts, site-header.tsx,
 * home-page.tsx, post-card.tsx, post-page.tsx, prose.tsx) without being the app: no menu, forms or
 * comments. e2e/reading.test.ts keeps the two in step: the first things a reader sees are at the same
 * pixel with and without the app, and nothing moves while it starts.
 */

const SANS =
  'Inter,"Inter Variable",ui-sans-serif,system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,"Noto Sans",sans-serif';
const SERIF =
  '"Iowan Old Style","Palatino Linotype",Palatino,Charter,"Bitstream Charter",Georgia,"Noto Serif",serif';

/**
 * Styles of the first paint only (class names prefixed fp-, so nothing of the app is touched). Every
 * property Chakra's reset changes is set here explicitly (box sizing, heading weights, the article's
 * margins, lists, code): the app inserts its global CSS while the first paint is still on screen, and
 * the reset is in a cascade layer, which these unlayered rules win over — so nothing moves then.
 */
export const FIRST_PAINT_STYLE = `<style>
body{margin:0;font-family:${SANS};color:#18181b;background:#fff;line-height:1.5;-webkit-font-smoothing:antialiased}
.fp-head,.fp-head *,.fp-main,.fp-main *{box-sizing:border-box}
.fp-head{height:65px;border-bottom:1px solid #f4f4f5}
.fp-in{max-width:72rem;height:64px;margin:0 auto;padding:0 16px;display:flex;align-items:center}
.fp-brand{display:flex;align-items:center;gap:8px;font-weight:700;font-size:18px;color:inherit;text-decoration:none}
.fp-mark{width:32px;height:32px;border-radius:8px;background:#3347d8;color:#fff;display:grid;place-items:center;font-weight:800}
.fp-wrap{max-width:48rem;margin:0 auto;padding:32px 16px}
.fp-hero{background:linear-gradient(#f0f4ff,#fff);border-bottom:1px solid #f4f4f5}
.fp-hero-in{max-width:56rem;margin:0 auto;padding:64px 16px;text-align:center;display:flex;flex-direction:column;align-items:center;gap:24px}
.fp-pill{display:flex;align-items:center;gap:6px;font-size:14px;font-weight:600;line-height:21px;color:#92310a;background:#fff7ed;border:1px solid #fed7aa;border-radius:9999px;padding:6px 16px;text-decoration:none}
.fp-hero h1{font-size:36px;font-weight:800;line-height:1.05;letter-spacing:-.035em;margin:0}
.fp-hero p{font-size:18px;line-height:1.625;color:#52525b;max-width:42rem;margin:0}
.fp-btns{display:flex;flex-wrap:wrap;justify-content:center;gap:12px;padding-top:8px}
.fp-btn{display:flex;align-items:center;gap:12px;height:44px;padding:0 20px;border:1px solid #e4e4e7;border-radius:4px;font-size:16px;font-weight:500;color:#27272a;text-decoration:none}
.fp-solid{background:#3347d8;border-color:#3347d8;color:#fff}
.fp-list{max-width:72rem;margin:0 auto;padding:48px 16px}
.fp-list h2{font-size:24px;font-weight:600;line-height:30px;letter-spacing:-.02em;margin:0 0 32px}
.fp-grid{display:grid;grid-template-columns:minmax(0,1fr);gap:20px}
.fp-card{display:flex;flex-direction:column;border:1px solid #e4e4e7;border-radius:12px;overflow:hidden;background:#fff;color:#09090b}
.fp-card h3{font-size:20px;font-weight:600;line-height:1.375;letter-spacing:-.01em;margin:0}.fp-card a{color:inherit;text-decoration:none}
.fp-card p{color:#52525b;margin:0;display:-webkit-box;-webkit-line-clamp:2;-webkit-box-orient:vertical;overflow:hidden}
.fp-body{display:flex;flex-direction:column;gap:12px;padding:20px;flex:1}
.fp-badges{display:flex;flex-wrap:wrap;gap:6px}
.fp-badge{display:flex;align-items:center;min-height:20px;padding:0 10px;border-radius:9999px;background:#f0f4ff;color:#2b39b4;font-size:12px;font-weight:500;line-height:16px}
.fp-foot{display:flex;justify-content:space-between;flex-wrap:wrap;gap:12px;padding:0 20px 20px;font-size:14px;line-height:21px;color:#52525b}
.fp-card .fp-none{font-style:italic}
.fp-sr{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0,0,0,0);white-space:nowrap}
.fp-img{display:block;width:100%;aspect-ratio:3/2;object-fit:cover;background:#f4f4f5}
.fp-post h1{font-size:30px;font-weight:800;line-height:1.1;letter-spacing:-.03em;margin:80px 0 16px}
.fp-lead{font-size:18px;line-height:1.625;color:#52525b;margin:0 0 16px}
.fp-by{font-size:14px;color:#52525b;margin:0 0 24px;min-height:72px}
.fp-post .fp-img{border-radius:12px;margin-bottom:24px}
.fp-text{display:flow-root;font-family:${SERIF};font-size:18px;line-height:1.75;overflow-wrap:break-word}
.fp-text>:first-child{margin-top:0}.fp-text>:last-child{margin-bottom:0}.fp-text p{margin:1.25em 0}
.fp-text h1,.fp-text h2,.fp-text h3,.fp-text h4{font-family:${SANS};font-weight:700;letter-spacing:-.015em;line-height:1.25}
.fp-text h1{font-size:1.875em;margin:1.6em 0 .6em}.fp-text h2{font-size:1.5em;margin:1.6em 0 .6em}
.fp-text h3{font-size:1.25em;margin:1.5em 0 .5em}.fp-text h4{font-size:1em;margin:1.5em 0 .5em}
.fp-text a{color:#2b39b4;text-decoration:underline;text-underline-offset:.2em}.fp-text strong,.fp-text b{font-weight:700}
.fp-text ul,.fp-text ol{padding-left:1.5em;margin:1.25em 0}.fp-text ul{list-style:disc}.fp-text ol{list-style:decimal}
.fp-text li{margin:.4em 0;padding-left:.25em}
.fp-text blockquote{border-left:3px solid #98b1fd;padding-left:1em;font-style:italic;color:#52525b;margin:1.5em 0}
.fp-text img{border-radius:8px;margin:1.75em 0;max-width:100%;height:auto;display:block}
.fp-text code,.fp-text pre{font-family:ui-monospace,SFMono-Regular,Menlo,Monaco,Consolas,monospace;font-size:.875em}
.fp-text pre{background:#18181b;color:#f4f4f5;padding:1em;border-radius:8px;overflow-x:auto;margin:1.5em 0}
.fp-text pre code{font-size:1em}.fp-text hr{border:0;border-top:1px solid #e4e4e7;margin:2.5em 0}
.fp-text table{width:100%;border-collapse:collapse;margin:1.5em 0;font-size:.9em}
.fp-text th,.fp-text td{border:1px solid #e4e4e7;padding:.5em .75em;text-align:start}
@media (min-width:30em){.fp-by{min-height:39px}.fp-grid{grid-template-columns:repeat(2,minmax(0,1fr))}}
@media (min-width:48em){.fp-in{padding:0 24px}.fp-hero-in{padding:96px 24px}.fp-hero h1{font-size:60px}.fp-hero p{font-size:20px}
.fp-list{padding:64px 24px}.fp-list h2{font-size:30px}.fp-grid{gap:28px}
.fp-post h1{font-size:48px}.fp-lead{font-size:20px}.fp-text{font-size:19px}.fp-wrap{padding:48px 24px}}
@media (min-width:62em){.fp-grid{grid-template-columns:repeat(3,minmax(0,1fr))}}
@media (min-width:64em){.fp-in{padding:0 32px}.fp-hero-in{padding:96px 32px}.fp-list{padding:64px 32px}.fp-wrap{padding:48px 32px}}
</style>`;

const DATE = new Intl.DateTimeFormat('pl-PL', {
  day: '2-digit',
  month: 'long',
  year: 'numeric',
  timeZone: 'Europe/Warsaw',
});

/** Texts of the app's cards (web/src/components/post-card.tsx). */
const EMPTY_EXCERPT_TEXT = 'Kliknij, aby przeczytać więcej...';
const CARD_SIZES = '(min-width: 62em) 33vw, (min-width: 48em) 50vw, 100vw';

/** The lucide icons the app draws in the first screen (external-link, arrow-right, mail). */
const icon = (size: number, paths: string) =>
  `<svg width="${size}" height="${size}" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true">${paths}</svg>`;
const EXTERNAL_LINK = icon(
  14,
  '<path d="M15 3h6v6"/><path d="M10 14 21 3"/><path d="M18 13v6a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V8a2 2 0 0 1 2-2h6"/>',
);
const ARROW_RIGHT = icon(20, '<path d="M5 12h14"/><path d="m12 5 7 7-7 7"/>');
const MAIL = icon(
  20,
  '<path d="m22 7-8.991 5.727a2 2 0 0 1-2.009 0L2 7"/><rect x="2" y="4" width="20" height="16" rx="2"/>',
);

/** The post's image, or the app's „Brak Grafiki” box (kept empty) in the same place, so nothing below moves. */
function image(url: string | null, alt: string, sizes: string, eager: boolean): string {
  const src = imageSrc(url);
  if (!src) return '<div class="fp-img" role="img" aria-label="Brak Grafiki"></div>';
  const srcset = imageSrcset(url);
  const responsive = srcset ? ` srcset="${escapeMarkup(srcset)}" sizes="${sizes}"` : '';
  const loading = eager ? ' fetchpriority="high"' : ' loading="lazy" decoding="async"';
  return `<img class="fp-img" src="${escapeMarkup(src)}"${responsive} alt="${escapeMarkup(alt)}"${loading}>`;
}

const header = (siteName: string) =>
  `<header class="fp-head"><div class="fp-in"><a class="fp-brand" href="/"><span class="fp-mark" aria-hidden="true">!</span>${escapeMarkup(siteName)}</a></div></header>`;

function card(post: PostSummary, first: boolean): string {
  const badges = post.categories.length
    ? `<div class="fp-badges" aria-label="Kategorie">${post.categories.map((category) => `<span class="fp-badge">${escapeMarkup(category.name)}</span>`).join('')}</div>`
    : '';
  const excerpt = post.excerpt?.trim();
  return `<article class="fp-card">${image(post.imageUrl, post.title, CARD_SIZES, first)}<div class="fp-body">${badges}<h3><a href="/post/${encodeURIComponent(post.slug)}">${escapeMarkup(post.title)}</a></h3><p${excerpt ? '' : ' class="fp-none"'}>${escapeMarkup(excerpt || EMPTY_EXCERPT_TEXT)}</p></div><div class="fp-foot"><span><span class="fp-sr">Autor: </span>${escapeMarkup(authorName(post.author))}</span><time datetime="${escapeMarkup(post.createdAt)}">${DATE.format(new Date(post.createdAt))}</time></div></article>`;
}

export function homeFirstPaint(data: ReaderData, siteName: string): string {
  const posts = data.homePosts?.posts ?? [];
  const hero = `<section class="fp-hero"><div class="fp-hero-in"><a class="fp-pill" href="${escapeMarkup(data.siteSettings.titleLink)}" target="_blank" rel="noopener noreferrer">Nie klikaj tu!${EXTERNAL_LINK}</a><h1>${escapeMarkup(siteName)}</h1><p>${escapeMarkup(data.siteSettings.blogDescription)}</p><div class="fp-btns"><a class="fp-btn fp-solid" href="/posts">Przeglądaj artykuły${ARROW_RIGHT}</a><a class="fp-btn" href="/contact">${MAIL}Kontakt</a></div></div></section>`;
  return `${header(siteName)}<main class="fp-main">${hero}<section class="fp-list"><h2>Najnowsze artykuły</h2><div class="fp-grid">${posts.map((post, index) => card(post, index === 0)).join('')}</div></section></main>`;
}

export function articleFirstPaint(post: PostDetail, siteName: string): string {
  const byline = `${authorName(post.author)} · ${DATE.format(new Date(post.createdAt))}`;
  return `${header(siteName)}<main class="fp-main fp-wrap fp-post"><article><h1>${escapeMarkup(post.title)}</h1>${post.excerpt ? `<p class="fp-lead">${escapeMarkup(post.excerpt)}</p>` : ''}<p class="fp-by">${escapeMarkup(byline)}</p>${image(post.imageUrl, post.title, '(min-width: 48em) 768px, 100vw', true)}<div class="fp-text">${post.content}</div></article></main>`;
}
