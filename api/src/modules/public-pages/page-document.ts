import { APP_ROOT_ID, PAGE_DATA_ID, type RenderedPage } from '@blog/shared/page-render';
import { escapeMarkup } from '../../html/escape-markup.ts';
import { PartedBody, sharedPart } from '../public-cache/parted-body.ts';
import { scriptSafeJson } from '../seo/page-meta.ts';

/** The app's element as the built index.html has it, empty. */
const ROOT = `<div id="${APP_ROOT_ID}"></div>`;

/** `html` cut around the first `marker`; the marker itself is dropped. */
function cut(html: string, marker: string): [string, string] {
  const at = html.indexOf(marker);
  if (at < 0) throw new Error(`index.html has no ${marker}`);
  return [html.slice(0, at), html.slice(at + marker.length)];
}

/**
 * The built index.html (with the page's meta tags, if any) around a server-rendered page: its title, its
 * styles at the end of <head>, its markup in #root and its data (JSON that no text of a post can break
 * out of) at the end of <body>. Pieces are joined, never substituted: nothing a person wrote can be read
 * as a replacement pattern. The shell's „needs JavaScript” notice goes: the page reads without it.
 * The browser holds its first paint until the page data (the end of <body>) is parsed (`rel=expect`):
 * a paint of half the markup would move what the rest then pushes aside (a layout shift).
 * The styles every page carries are a shared part of the body (parted-body.ts): encoded and compressed
 * once per process, not on every miss.
 */
export function pageDocument(template: string, page: RenderedPage): PartedBody {
  const [beforeTitle, fromTitle] = cut(template, '<title>');
  const [, afterTitle] = cut(fromTitle, '</title>');
  const [head, body] = cut(afterTitle, '</head>');
  const [beforeRoot, afterRoot] = cut(body, ROOT);
  const [beforeNotice, fromNotice] = afterRoot.includes('<noscript>')
    ? cut(afterRoot, '<noscript>')
    : [afterRoot, '</noscript>'];
  const [, afterNotice] = cut(fromNotice, '</noscript>');
  const [beforeEnd, end] = cut(beforeNotice + afterNotice, '</body>');
  return new PartedBody([
    beforeTitle +
      '<title>' +
      escapeMarkup(page.title) +
      '</title>' +
      head +
      `<link rel="expect" href="#${PAGE_DATA_ID}" blocking="render" />`,
    sharedPart(page.sharedStyles),
    page.styles +
      '\n  </head>' +
      beforeRoot +
      `<div id="${APP_ROOT_ID}">` +
      page.html +
      '</div>' +
      beforeEnd +
      `<script id="${PAGE_DATA_ID}" type="application/json">` +
      scriptSafeJson(page.data) +
      '</script>\n  </body>' +
      end,
  ]);
}
