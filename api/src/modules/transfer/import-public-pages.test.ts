// Imported posts as readers get them: the server-rendered article pages of the built web (`npm run
// build`), with the title, the date, the sanitized body, the category, the tags, the approved
// comment and the cover in every web width (srcset). Fixtures: see import.test.ts.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { rendererFile } from '../public-pages/page-renderer.ts';
import { HOSTILE_WXR } from '../../../test/import-names.fixtures.ts';
import {
  api,
  fixture,
  ghostUploads,
  importFile,
  useEmptyBlog,
  wordpressUploads,
} from '../../../test/import.fixtures.ts';

const webDistDir = fileURLToPath(new URL('../../../../web/dist', import.meta.url));
if (!existsSync(rendererFile(webDistDir)))
  throw new Error('web/dist-server/entry-server.js is missing: run `npm run build` first');

useEmptyBlog({ webDistDir });

async function page(pathname: string): Promise<string> {
  const res = await api.fetch(pathname);
  expect(res.status, pathname).toBe(200);
  return res.text();
}

describe('imported posts on the public pages', () => {
  it('renders the WordPress and Ghost posts with their images in every width', async () => {
    await importFile(await fixture('wordpress-export.xml'), { uploadsDir: wordpressUploads });
    await importFile(await fixture('ghost-export.json'), { uploadsDir: ghostUploads });

    const tatry = await page('/post/wyprawa-w-tatry');
    expect(tatry).toContain('Wyprawa w Tatry');
    expect(tatry).toMatch(
      /srcSet="\/api\/images\/[a-f0-9]{32}-480w\.webp 480w, \/api\/images\/[a-f0-9]{32}-960w\.webp 960w, \/api\/images\/[a-f0-9]{32}-1200w\.webp 1200w"/,
    );
    expect(tatry).toContain('Wyszliśmy o <strong>świcie</strong> z Kuźnic.');
    expect(tatry).not.toContain("alert('xss')");
    expect(tatry).toContain('Podróże');
    expect(tatry).toContain('Zima');
    expect(tatry).toContain('Piękne zdjęcia!');
    expect(tatry).not.toContain('Kup tanie buty');

    const sea = await page('/post/nad-morzem-w-czerwcu');
    expect(sea).toContain('Nad morzem w czerwcu');
    expect(sea).toMatch(
      /srcSet="\/api\/images\/[a-f0-9]{32}-480w\.webp 480w, \/api\/images\/[a-f0-9]{32}-960w\.webp 960w, \/api\/images\/[a-f0-9]{32}-1000w\.webp 1000w"/,
    );
    expect(sea).not.toContain('onerror');

    // The home page lists the published imports, never the drafts.
    const home = await page('/');
    for (const title of ['Wyprawa w Tatry', 'Zażółć gęślą jaźń', 'Nad morzem w czerwcu'])
      expect(home).toContain(title);
    for (const draft of ['Przepis na pierogi', 'Szkic: lista rzeczy na żagle'])
      expect(home).not.toContain(draft);
  });

  it('shows a WordPress post with hostile names by the rules: one-line tags and categories, no /tag/.', async () => {
    const report = await importFile(Buffer.from(HOSTILE_WXR));
    expect(report.skipped.map((item) => item.title)).toEqual(['\u200B\u2060', '.', '..', '\u200B']);

    const post = await page('/post/wrogi-wpis');
    for (const name of ['Zima 2024', 'Lato 2025', 'Tatry Zachodnie', 'Góry i doliny', 'Jan Kowalski'])
      expect(post).toContain(name);
    expect(post).not.toMatch(/\/tag\/\.+"/);
    expect(post).not.toMatch(/[\u2028\u0085\u200B\u202E]/);

    const tag = await page('/tag/Zima%202024');
    expect(tag).toContain('Wrogi wpis');
    const sitemap = await page('/sitemap.xml');
    expect(sitemap).toContain('/tag/Zima%202024<');
    expect(sitemap).not.toMatch(/\/tag\/\.+</);
  });
});
