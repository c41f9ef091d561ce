import { describe, expect, it } from 'vitest';
import { POST_HTML_TAG_NAMES, POST_HTML_TAGS } from '@blog/shared/post-html';
import { INLINE_IMAGE_SIZES, inlineImageSrcset } from '@blog/shared/rules';
import { UPLOAD, UPLOAD_SRCSET } from '../../test/uploaded-image.ts';
import { ALLOWED_IMAGE_SCHEMES, ALLOWED_LINK_SCHEMES, sanitizePostHtml } from './sanitize-html.ts';

/**
 * Known XSS payloads (OWASP filter-evasion cheat sheet, PortSwigger's XSS cheat sheet, wapiti's
 * and html5sec.org's lists), each alone and wrapped in editor markup.
 */
const XSS_CORPUS = [
  '<script>alert(1)</script>',
  '<SCRIPT SRC=https://xss.example/xss.js></SCRIPT>',
  '<scr<script>ipt>alert(1)</scr</script>ipt>',
  '<script/xss src="https://xss.example/x.js"></script>',
  '<<script>alert(1);//<</script>',
  '<img src=x onerror=alert(1)>',
  '<img src="https://example.com/a.png" onerror="alert(1)">',
  '<IMG SRC="javascript:alert(1);">',
  '<IMG SRC=javascript:alert(1)>',
  '<IMG SRC=JaVaScRiPt:alert(1)>',
  '<IMG SRC=`javascript:alert(1)`>',
  '<IMG SRC="jav\tascript:alert(1);">',
  '<IMG SRC="jav&#x09;ascript:alert(1);">',
  '<IMG SRC="jav&#x0A;ascript:alert(1);">',
  '<IMG SRC=" &#14;  javascript:alert(1);">',
  '<IMG SRC=&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;&#97;&#108;&#101;&#114;&#116;&#40;&#49;&#41;>',
  '<IMG SRC=&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058&#0000097&#0000108&#0000101&#0000114&#0000116&#0000040&#0000049&#0000041>',
  '<IMG SRC=&#x6A&#x61&#x76&#x61&#x73&#x63&#x72&#x69&#x70&#x74&#x3A&#x61&#x6C&#x65&#x72&#x74&#x28&#x31&#x29>',
  '<img src="data:image/png;base64,iVBORw0KGgo=">',
  '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">',
  '<img src="DaTa:text/html,<script>alert(1)</script>">',
  '<img src="vbscript:msgbox(1)">',
  '<img srcset="https://example.com/a.png 1x, javascript:alert(1) 2x">',
  '<img src="//xss.example/a.png">',
  '<img dynsrc="javascript:alert(1)">',
  '<img lowsrc="javascript:alert(1)">',
  '<img src="https://example.com/a.png" style="width:expression(alert(1))">',
  '<a href="javascript:alert(1)">x</a>',
  '<a href="JAVASCRIPT:alert(1)">x</a>',
  '<a href=" javascript:alert(1)">x</a>',
  '<a href="\u0001javascript:alert(1)">x</a>',
  '<a href="java\u0000script:alert(1)">x</a>',
  '<a href="jav&#x09;ascript:alert(1)">x</a>',
  '<a href="jav&#x0D;ascript:alert(1)">x</a>',
  '<a href="&#106;avascript:alert(1)">x</a>',
  '<a href="javascript&colon;alert(1)">x</a>',
  '<a href="javascript&#58;alert(1)">x</a>',
  '<a href="vbscript:msgbox(1)">x</a>',
  '<a href="VbScRiPt:msgbox(1)">x</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
  '<a href="livescript:alert(1)">x</a>',
  '<a href="file:///etc/passwd">x</a>',
  '<a href="//xss.example">x</a>',
  '<a href="https://example.com" onmouseover="alert(1)">x</a>',
  '<a href="https://example.com" target="_self" rel="opener">x</a>',
  '<a href="https://example.com" formaction="javascript:alert(1)">x</a>',
  '<a xlink:href="javascript:alert(1)">x</a>',
  '<p onclick="alert(1)">x</p>',
  '<p style="color:red;background:url(javascript:alert(1))">x</p>',
  '<p style="text-align: center; behavior: url(xss.htc)">x</p>',
  '<p style="text-align:expression(alert(1))">x</p>',
  '<p style="text-align: center" class="x" id="y" data-x="1">x</p>',
  '<h1 style="-moz-binding:url(https://xss.example/xss.xml#xss)">x</h1>',
  '<div style="background-image: url(javascript:alert(1))">x</div>',
  '<style>body{background:url("javascript:alert(1)")}</style>',
  '<style>@import "https://xss.example/xss.css";</style>',
  '<link rel="stylesheet" href="https://xss.example/xss.css">',
  '<svg onload=alert(1)>',
  '<svg><script>alert(1)</script></svg>',
  '<svg><a xlink:href="javascript:alert(1)"><text>x</text></a></svg>',
  '<svg><animate onbegin=alert(1) attributeName=x dur=1s>',
  '<svg><set attributeName="href" to="javascript:alert(1)"/></svg>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<math href="javascript:alert(1)">x</math>',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<object data="javascript:alert(1)"></object>',
  '<embed src="https://xss.example/xss.swf">',
  '<applet code="xss.class"></applet>',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<base href="javascript:alert(1)//">',
  '<form action="javascript:alert(1)"><input type="submit"></form>',
  '<form><button formaction="javascript:alert(1)">x</button></form>',
  '<input onfocus=alert(1) autofocus>',
  '<select onfocus=alert(1) autofocus>',
  '<textarea onfocus=alert(1) autofocus>',
  '<keygen onfocus=alert(1) autofocus>',
  '<video><source onerror="alert(1)"></video>',
  '<audio src=x onerror=alert(1)>',
  '<body onload=alert(1)>',
  '<details open ontoggle=alert(1)>',
  '<marquee onstart=alert(1)>',
  '<isindex type=image src=1 onerror=alert(1)>',
  '<table background="javascript:alert(1)">',
  '<td background="javascript:alert(1)">',
  '<div onmouseover="alert(1)">x</div>',
  '<xss style="xss:expression(alert(1))">',
  '<!--<img src="--><img src=x onerror=alert(1)//">',
  '<![CDATA[<script>alert(1)</script>]]>',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  '<template><script>alert(1)</script></template>',
  '<xmp><script>alert(1)</script></xmp>',
  '<plaintext><script>alert(1)</script>',
  '"><script>alert(1)</script>',
  "'><img src=x onerror=alert(1)>",
  '<img """><script>alert(1)</script>">',
  '<img src="https://example.com/a.png" alt="x" onload="alert(1)" width="1" height="1" title="t">',
  '<a href="https://example.com"><img src="javascript:alert(1)"></a>',
  '<ul><li onclick="alert(1)">x</li></ul>',
  '<strong onmouseover="alert(1)">x</strong>',
  '<object type="text/x-scriptlet" data="https://xss.example/scriptlet.html"></object>',
  '<frameset><frame src="javascript:alert(1)"></frameset>',
  '<a href="jav\u200bascript:alert(1)">x</a>',
  '<a href="&#x6a;&#x61;&#x76;&#x61;&#x73;&#x63;&#x72;&#x69;&#x70;&#x74;&#x3a;alert(1)">x</a>',
  '<a href="https://example.com/&quot; onclick=&quot;alert(1)">x</a>',
  '<figure onclick="alert(1)"><img src="javascript:alert(1)"><figcaption onmouseover="alert(1)">x</figcaption></figure>',
  '<img src="/api/images/../../etc/passwd">',
  '<img src="/api/images/0123456789abcdef0123456789abcdef-480w.webp" srcset="javascript:alert(1) 480w">',
  '<img src="https://example.com/a.png" width="javascript:alert(1)" height="1 onerror=alert(1)">',
  '<blockquote cite="javascript:alert(1)" onclick="alert(1)">x</blockquote>',
  '<pre onclick="alert(1)"><code class="language-js" onclick="alert(1)">alert(1)</code></pre>',
  '<hr onmouseover="alert(1)">',
];

// The one allow-list the editor writes and the sanitizer keeps.
const ALLOWED_TAGS = new Set<string>(POST_HTML_TAG_NAMES);
const ALLOWED_ATTRIBUTES: Record<string, readonly string[]> = Object.fromEntries(
  POST_HTML_TAG_NAMES.map((name) => [name, POST_HTML_TAGS[name].attributes]),
);

/** Undoes what a browser would undo before looking at a URL: entities, then control and space characters. */
const decodeAttribute = (value: string) =>
  value
    .replace(/&#x([0-9a-f]+);?/gi, (_, hex: string) => String.fromCodePoint(Number.parseInt(hex, 16)))
    .replace(/&#(\d+);?/g, (_, dec: string) => String.fromCodePoint(Number.parseInt(dec, 10)))
    .replace(/&colon;/gi, ':')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    // eslint-disable-next-line no-control-regex -- browsers drop these inside a scheme
    .replace(/[\u0000-\u0020\u007f-\u009f\u200b]/g, '');

/**
 * Checks the sanitized output structurally: it must consist only of allowed tags with allowed,
 * double-quoted attributes and escaped text; every URL uses an allowed scheme; the only style is
 * one text-align. Returns what is wrong (empty when safe).
 */
function problemsOf(html: string): string[] {
  const problems: string[] = [];
  const tag = /<(\/?)([a-z0-9]+)((?:\s[a-z-]+="[^"<>]*")*)>/g;
  const rest = html.replace(tag, (_whole, _slash: string, name: string, attributes: string) => {
    if (!ALLOWED_TAGS.has(name)) problems.push(`tag <${name}>`);
    for (const [, attribute, value] of attributes.matchAll(/\s([a-z-]+)="([^"]*)"/g)) {
      if (!ALLOWED_ATTRIBUTES[name]?.includes(attribute!))
        problems.push(`attribute ${attribute} on <${name}>`);
      const decoded = decodeAttribute(value!).toLowerCase();
      const upload = attribute === 'src' && inlineImageSrcset(value) !== null;
      if (attribute === 'srcset' && !/^(\/api\/images\/[a-f0-9]{32}-\d+w\.webp \d+w(, )?)+$/.test(value!))
        problems.push(`srcset="${value}"`);
      if (attribute === 'sizes' && value !== INLINE_IMAGE_SIZES) problems.push(`sizes="${value}"`);
      if ((attribute === 'width' || attribute === 'height') && !/^\d+$/.test(value!))
        problems.push(`${attribute}="${value}"`);
      if ((attribute === 'href' || attribute === 'src') && !upload) {
        const scheme = /^([a-z][a-z0-9+.-]*):/.exec(decoded)?.[1];
        const allowed = attribute === 'src' ? ALLOWED_IMAGE_SCHEMES : ALLOWED_LINK_SCHEMES;
        if (!scheme || !allowed.includes(scheme)) problems.push(`${attribute}="${value}"`);
      }
      if (attribute === 'style' && !/^text-align: (left|center|right|justify)$/.test(value!))
        problems.push(`style="${value}"`);
      if (attribute === 'target' && value !== '_blank' && value !== '_self')
        problems.push(`target="${value}"`);
      if (attribute === 'rel' && value !== 'noopener noreferrer') problems.push(`rel="${value}"`);
      if (attribute === 'class' && !/^language-[a-z0-9+#.-]{1,30}$/.test(value!))
        problems.push(`class="${value}"`);
    }
    return '';
  });
  // Whatever is left is text: it may not hold a raw angle bracket (markup the browser would parse).
  if (/[<>]/.test(rest)) problems.push(`raw markup in text: ${rest}`);
  return problems;
}

describe('sanitizePostHtml: known XSS payloads', () => {
  it('has a corpus of well over a hundred cases', () => {
    expect(XSS_CORPUS.length).toBeGreaterThan(100);
  });

  it.each(XSS_CORPUS)('nothing of %s survives', (payload) => {
    for (const wrapped of [
      payload,
      `<p>Tekst ${payload} dalej</p>`,
      `<h2>${payload}</h2><ul><li>${payload}</li></ul>`,
    ]) {
      const clean = sanitizePostHtml(wrapped);
      expect(problemsOf(clean), clean).toEqual([]);
      expect(clean).not.toMatch(/alert\(1\)<\/script|onerror|onload|javascript:|vbscript:|data:/i);
      // Sanitizing is stable: running it again changes nothing.
      expect(sanitizePostHtml(clean)).toBe(clean);
    }
  });

  it('the structural checker itself catches what it must (a test that cannot fail is worse than none)', () => {
    expect(problemsOf('<p onclick="x">a</p>')).not.toEqual([]);
    expect(problemsOf('<a href="javascript:alert(1)">a</a>')).not.toEqual([]);
    expect(problemsOf('<img src="data:image/png;base64,AA">')).not.toEqual([]);
    expect(problemsOf('<script>x</script>')).not.toEqual([]);
    expect(problemsOf('<p style="color: red">a</p>')).not.toEqual([]);
    expect(problemsOf('<code class="x onload">a</code>')).not.toEqual([]);
    expect(problemsOf('<p>a</p>')).toEqual([]);
    expect(problemsOf('<pre><code class="language-ts">a</code></pre>')).toEqual([]);
  });
});

describe('sanitizePostHtml: every editor feature survives the round trip unchanged', () => {
  // Spelled as the web's TipTap editor writes them (getHTML()), with the Link extension configured
  // with target _blank and rel "noopener noreferrer".
  const EDITOR_HTML: [string, string][] = [
    ['paragraph', '<p>Zwykły akapit z polskimi znakami: zażółć gęślą jaźń.</p>'],
    ['bold', '<p><strong>pogrubienie</strong></p>'],
    ['italic', '<p><em>kursywa</em></p>'],
    ['underline', '<p><u>podkreślenie</u></p>'],
    ['marks combined', '<p><strong><em><u>wszystko naraz</u></em></strong></p>'],
    ['heading 1', '<h1>Nagłówek 1</h1>'],
    ['heading 2', '<h2>Nagłówek 2</h2>'],
    ['heading 3', '<h3>Nagłówek 3</h3>'],
    ['heading 4', '<h4>Nagłówek 4</h4>'],
    ['strikethrough', '<p><s>przekreślenie</s></p>'],
    ['subscript and superscript', '<p>H<sub>2</sub>O, x<sup>2</sup></p>'],
    ['key and highlight', '<p><kbd>Ctrl</kbd> <mark>wyróżnienie</mark></p>'],
    ['inline code', '<p>polecenie <code>npm ci</code></p>'],
    [
      'linked image in a figure',
      '<figure><a target="_blank" rel="noopener noreferrer" href="https://example.com"><img src="https://example.com/o.png" alt="o"></a><figcaption>Podpis</figcaption></figure>',
    ],
    [
      'HTML card',
      '<div class="html-card"><figure><ul><li><figure><img src="https://example.com/o.png"></figure></li></ul><figcaption>Galeria <a target="_blank" rel="noopener noreferrer" href="https://example.com">autora</a></figcaption></figure></div>',
    ],
    ['bullet list', '<ul><li><p>pierwszy</p></li><li><p>drugi</p></li></ul>'],
    ['numbered list', '<ol><li><p>jeden</p></li><li><p>dwa</p></li></ol>'],
    ['nested list', '<ul><li><p>a</p><ol><li><p>b</p></li></ol></li></ul>'],
    ['hard break', '<p>wiersz<br>następny</p>'],
    [
      'link in the same tab',
      '<p><a target="_self" rel="noopener noreferrer" href="https://example.com">ta sama karta</a></p>',
    ],
    ...ALLOWED_LINK_SCHEMES.map((scheme): [string, string] => [
      `link ${scheme}`,
      `<p><a target="_blank" rel="noopener noreferrer" href="${scheme}:${scheme.startsWith('http') || scheme.startsWith('ftp') ? '//example.com/a?b=1&amp;c=2' : 'kontakt@example.com'}">link</a></p>`,
    ]),
    ['image', '<img src="https://example.com/obraz.png">'],
    [
      'image with alt and title',
      '<img src="http://example.com/o.jpg" alt="Opis &amp; &quot;cytat&quot;" title="Tytuł">',
    ],
    ...['left', 'center', 'right', 'justify'].flatMap((alignment) =>
      ['p', 'h1', 'h2', 'h3', 'h4'].map((tag): [string, string] => [
        `${tag} aligned ${alignment}`,
        `<${tag} style="text-align: ${alignment}">wyrównany</${tag}>`,
      ]),
    ),
    [
      'uploaded image with its widths',
      `<img src="${UPLOAD}" srcset="${UPLOAD_SRCSET}" sizes="${INLINE_IMAGE_SIZES}" alt="Tatry" width="1600" height="1067">`,
    ],
    [
      'figure with a caption',
      `<figure><img src="${UPLOAD}" srcset="${UPLOAD_SRCSET}" sizes="${INLINE_IMAGE_SIZES}" alt="Giewont o świcie" width="1600" height="1067"><figcaption>Giewont &amp; mgła, 5:40</figcaption></figure>`,
    ],
    ['figure without a caption', '<figure><img src="https://example.com/a.png" alt="Opis"></figure>'],
    ['blockquote', '<blockquote><p>Cytat, który <strong>zostaje</strong>.</p></blockquote>'],
    ['code block', '<pre><code>const a = 1 &lt; 2;\n  wcięcie zostaje</code></pre>'],
    ['code block with its language', '<pre><code class="language-ts">const a: number = 1;</code></pre>'],
    ['horizontal rule', '<p>przed</p><hr><p>po</p>'],
    [
      'table card with a header row and spans',
      '<table><tbody><tr><th colspan="2"><p>Nagłówek</p></th></tr><tr><td rowspan="2"><p><strong>a</strong></p></td><td><p></p></td></tr><tr><td><p>b</p></td></tr></tbody></table>',
    ],
    [
      'callout card',
      '<div class="callout-card" data-callout="warning" data-emoji="⚠️"><p>Uwaga <em>na</em> lawiny</p><p>Drugi</p></div>',
    ],
    ['callout card without an emoji', '<div class="callout-card" data-callout="info"><p>Wskazówka</p></div>'],
    [
      'button card',
      '<div class="button-card"><a target="_blank" rel="noopener noreferrer" href="https://example.com/zapisy">Zapisz się</a></div>',
    ],
    [
      'toggle card',
      '<details><summary>Szczegóły</summary><p>Treść <u>ukryta</u></p><ul><li><p>a</p></li></ul></details>',
    ],
    ['escaped text', '<p>1 &lt; 2 &amp;&amp; 3 &gt; 2, "cudzysłów" i \'apostrof\'</p>'],
  ];

  it.each(EDITOR_HTML)('%s', (_name, html) => {
    expect(sanitizePostHtml(html)).toBe(html);
  });

  it('a whole post using every feature at once', () => {
    const html = EDITOR_HTML.map(([, part]) => part).join('');
    expect(sanitizePostHtml(html)).toBe(html);
  });
});

describe('sanitizePostHtml: what other editors write is brought to the editor’s spelling', () => {
  it.each([
    ['<b>a</b><i>b</i>', '<strong>a</strong><em>b</em>'],
    ['<del>a</del><strike>b</strike>', '<s>a</s><s>b</s>'],
    [
      '<div class="html-card wp-block"><figure><blockquote><p>a</p></blockquote></figure></div>',
      '<div class="html-card"><figure><blockquote><p>a</p></blockquote></figure></div>',
    ],
    ['<div class="other"><p>a</p></div>', '<p>a</p>'],
    ['<h4>a</h4><h6 style="text-align:right">b</h6>', '<h4>a</h4><h4 style="text-align: right">b</h4>'],
    ['<p style="TEXT-ALIGN : Center;">a</p>', '<p style="text-align: center">a</p>'],
    ['<p style="text-align: center; color: red">a</p>', '<p style="text-align: center">a</p>'],
    ['<p style="text-align: start">a</p>', '<p>a</p>'],
    [
      '<a href="https://example.com" target="_top" rel="opener">a</a>',
      '<a target="_blank" rel="noopener noreferrer" href="https://example.com">a</a>',
    ],
    [
      '<a href="https://example.com" target="_self" rel="opener">a</a>',
      '<a target="_self" rel="noopener noreferrer" href="https://example.com">a</a>',
    ],
    [
      '<a href="javascript:alert(1)">tekst zostaje</a>',
      '<a target="_blank" rel="noopener noreferrer">tekst zostaje</a>',
    ],
    ['<img src="data:image/png;base64,AAAA" alt="x">', ''],
    ['<br/><img src="https://example.com/a.png"/>', '<br><img src="https://example.com/a.png">'],
    ['<div><span>blok</span></div>', 'blok'],
    // srcset and sizes come from the upload's own name, never from what was sent.
    [
      `<img src="${UPLOAD}" srcset="https://evil.example/x.png 480w" sizes="1px">`,
      `<img src="${UPLOAD}" srcset="${UPLOAD_SRCSET}" sizes="${INLINE_IMAGE_SIZES}">`,
    ],
    [
      '<img src="https://example.com/a.png" srcset="https://example.com/b.png 2x" sizes="50vw">',
      '<img src="https://example.com/a.png">',
    ],
    ['<img src="/uploads/a.png" alt="x">', ''],
    [
      '<img src="https://example.com/a.png" width="100%" height="12">',
      '<img src="https://example.com/a.png" height="12">',
    ],
    // A language class stays alone; any other class goes.
    ['<pre><code class="hljs language-ts x">x</code></pre>', '<pre><code class="language-ts">x</code></pre>'],
    ['<pre><code class="language-&quot;onload=x">x</code></pre>', '<pre><code>x</code></pre>'],
    ['<p class="language-ts">x</p>', '<p>x</p>'],
  ])('%s → %s', (input, output) => {
    expect(sanitizePostHtml(input)).toBe(output);
  });
});
