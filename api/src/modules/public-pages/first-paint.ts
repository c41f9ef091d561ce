import type { PostDetail, PostSummary } from '@blog/openapi';
import { imageSrcset } from '@blog/openapi/rules';
import { escapeMarkup } from '../../html/escape-markup.ts';
import type { ReaderData } from './reader-data.ts';

/*
 * The first screen of the home page and of an article as plain HTML inside #root: readers on a slow
 * phone see the text (and the first image) as soon as the HTML arrives, instead of after ~150 kB of
 * script has arrived and run; crawlers and readers without JavaScript get the article itself. The app
 * replaces it in one commit when it has rendered the same page (a replaced element is not a layout
 * shift). It copies the app's geometry and type closely (web/src/theme/system.ts, site-header.tsx,
 * home-page.tsx, post-page.tsx) without being the app: no menu, forms or comments.
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
.fp-head,.fp-main,.fp-main *{box-sizing:border-box}
.fp-head{height:64px;border-bottom:1px solid #e4e4e7;display:flex;align-items:center;padding:0 16px}
.fp-brand{display:flex;align-items:center;gap:8px;font-weight:700;font-size:18px;color:inherit;text-decoration:none}
.fp-mark{width:32px;height:32px;border-radius:8px;background:#3347d8;color:#fff;display:grid;place-items:center;font-weight:800}
.fp-wrap{max-width:48rem;margin:0 auto;padding:32px 16px}
.fp-hero{background:linear-gradient(180deg,#eef1fe,#fff);text-align:center;padding:64px 16px 48px}
.fp-hero h1{font-size:36px;font-weight:800;letter-spacing:-.02em;margin:48px 0 16px;line-height:1.1}
.fp-hero p{font-size:18px;color:#52525b;margin:0 auto;max-width:36rem}
.fp-list{max-width:72rem;margin:0 auto;padding:48px 16px}
.fp-list h2{font-size:24px;font-weight:600;margin:0 0 32px}
.fp-card{border:1px solid #e4e4e7;border-radius:12px;overflow:hidden;margin-bottom:20px}
.fp-card h3{font-size:20px;font-weight:600;margin:0 0 12px;line-height:1.25}.fp-card a{color:inherit;text-decoration:none}
.fp-card p{color:#52525b;margin:0;display:-webkit-box;-webkit-line-clamp:2;-webkit-box-orient:vertical;overflow:hidden}
.fp-body{padding:20px}
.fp-img{display:block;width:100%;aspect-ratio:3/2;object-fit:cover;background:#f4f4f5}
.fp-post h1{font-size:30px;font-weight:800;line-height:1.1;letter-spacing:-.03em;margin:81px 0 16px}
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
@media (min-width:30em){.fp-by{min-height:39px}}
@media (min-width:48em){.fp-hero h1{font-size:60px}.fp-post h1{font-size:48px}.fp-lead{font-size:20px}.fp-text{font-size:19px}.fp-wrap{padding:48px 24px}}
@media (min-width:64em){.fp-wrap{padding:48px 32px}}
</style>`;

const DATE = new Intl.DateTimeFormat('pl-PL', {
  day: '2-digit',
  month: 'long',
  year: 'numeric',
  timeZone: 'Europe/Warsaw',
});

/** Where the browser loads a stored image from (web/src/lib/image-src.ts). */
function imageSrc(url: string | null): string | null {
  const value = url?.trim();
  if (!value) return null;
  if (!value.startsWith('/uploads/')) return value;
  const filename = value.slice('/uploads/'.length).split('/').pop();
  return filename ? `/api/images/${filename}` : null;
}

function image(url: string | null, alt: string, sizes: string): string {
  const src = imageSrc(url);
  // The app draws its „Brak Grafiki” box there: the same place kept empty, so the text below stays put.
  if (!src) return '<div class="fp-img" role="img" aria-label="Brak Grafiki"></div>';
  const srcset = imageSrcset(url);
  const responsive = srcset ? ` srcset="${escapeMarkup(srcset)}" sizes="${sizes}"` : '';
  return `<img class="fp-img" src="${escapeMarkup(src)}"${responsive} alt="${escapeMarkup(alt)}" fetchpriority="high">`;
}

const header = (siteName: string) =>
  `<header class="fp-head"><a class="fp-brand" href="/"><span class="fp-mark" aria-hidden="true">!</span>${escapeMarkup(siteName)}</a></header>`;

function card(post: PostSummary, first: boolean): string {
  return `<article class="fp-card">${first ? image(post.imageUrl, post.title, '100vw') : ''}<div class="fp-body"><h3><a href="/post/${encodeURIComponent(post.slug)}">${escapeMarkup(post.title)}</a></h3>${post.excerpt ? `<p>${escapeMarkup(post.excerpt)}</p>` : ''}</div></article>`;
}

export function homeFirstPaint(data: ReaderData, siteName: string): string {
  const posts = data.homePosts?.posts ?? [];
  return `${header(siteName)}<main class="fp-main"><section class="fp-hero"><h1>${escapeMarkup(siteName)}</h1><p>${escapeMarkup(data.siteSettings.blogDescription)}</p></section><section class="fp-list"><h2>Najnowsze artykuły</h2>${posts.map((post, index) => card(post, index === 0)).join('')}</section></main>`;
}

export function articleFirstPaint(post: PostDetail, siteName: string): string {
  const author = post.author ? post.author.displayName || post.author.username : null;
  const byline = [author, DATE.format(new Date(post.createdAt))].filter(Boolean).join(' · ');
  return `${header(siteName)}<main class="fp-main fp-wrap fp-post"><article><h1>${escapeMarkup(post.title)}</h1>${post.excerpt ? `<p class="fp-lead">${escapeMarkup(post.excerpt)}</p>` : ''}<p class="fp-by">${escapeMarkup(byline)}</p>${image(post.imageUrl, post.title, '(min-width: 48em) 768px, 100vw')}<div class="fp-text">${post.content}</div></article></main>`;
}
