import { buildCategory, buildPost, type TestApi } from '@blog/api/testing';
import { Post } from '@blog/api/models';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostEditor, signInAsNewAdmin } from './support/admin-editor.ts';
import { seriousA11yViolations } from './support/axe.ts';
import { type Browser, launchBrowser } from './support/browser.ts';
import { startProduct } from './support/product.ts';

/**
 * „SEO i udostępnianie” in Chromium: the fields and their counters, the search-result and
 * link-preview mock-ups following the typing, a link-preview image uploaded beside the cover, and the
 * saved values in the public article's head (title, description, og:image, JSON-LD).
 */
describe('the SEO and sharing panel of the editor', () => {
  let product: TestApi;
  let browser: Browser;
  let base: string;
  beforeAll(async () => {
    product = await startProduct();
    browser = await launchBrowser();
    base = `http://127.0.0.1:${product.port}`;
  });
  afterAll(async () => {
    await browser?.close();
    await product?.close();
  });

  it('updates the mock-ups as one types, saves the fields and puts them in the article head', async () => {
    const category = await buildCategory();
    const post = await buildPost({ categories: [category], excerpt: 'Zajawka z listy artykułów' });
    const page = await signInAsNewAdmin(browser, base);
    await openPostEditor(page, base, post.id);

    await page.getByRole('button', { name: 'SEO i udostępnianie' }).click();
    const search = page.getByRole('figure', { name: 'Podgląd w wyszukiwarce' });
    const preview = page.getByRole('figure', { name: 'Podgląd linku' });
    // Empty fields: the title and the excerpt stand in.
    await search.getByText(post.title).waitFor();
    await search.getByText('Zajawka z listy artykułów').waitFor();

    const title = page.getByLabel('Tytuł SEO');
    await title.fill('Uwaga "pod lupą" </script>');
    await search.getByText('Uwaga "pod lupą" </script>').waitFor();
    await preview.getByText('Uwaga "pod lupą" </script>').waitFor();
    await page.getByText('26/70').waitFor();
    await page.getByLabel('Opis SEO').fill('Jak technologia kradnie nam uwagę — krótko.');
    await search.getByText('Jak technologia kradnie nam uwagę — krótko.').waitFor();
    await page.getByText('43/160').waitFor();

    // Over the limit: the counter and the form say so, nothing is sent.
    await title.fill('x'.repeat(71));
    await title.blur();
    await page.getByText('71/70').waitFor();
    await page.getByText('Tytuł SEO może mieć najwyżej 70 znaków').waitFor();
    await title.fill('Uwaga "pod lupą" </script>');

    const card = await sharp({ create: { width: 1200, height: 630, channels: 3, background: '#c0392b' } })
      .png()
      .toBuffer();
    // A wrong file is refused when chosen, as for the cover.
    await page
      .getByLabel('Obraz do udostępniania')
      .setInputFiles({ name: 'karta.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4') });
    await page.getByText('Plik nie jest obsługiwanym obrazem.').waitFor();
    await page
      .getByLabel('Obraz do udostępniania')
      .setInputFiles({ name: 'karta.png', mimeType: 'image/png', buffer: card });
    expect(await page.getByText('Plik nie jest obsługiwanym obrazem.').count()).toBe(0);
    await preview.getByRole('img', { name: 'Obraz w podglądzie linku' }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Zapisz zmiany' }).click();
    await page.waitForURL(`${base}/admin/posts`);
    const saved = (await Post.findByPk(post.id))!;
    expect(saved.metaTitle).toBe('Uwaga "pod lupą" </script>');
    expect(saved.metaDescription).toBe('Jak technologia kradnie nam uwagę — krótko.');
    expect(saved.socialImageUrl).toMatch(/^\/uploads\/[a-f0-9]{32}-1200w\.webp$/);

    // What a crawler reads, before any script runs (no cookie: as a visitor).
    const html = await (await fetch(`${base}/post/${post.slug}`)).text();
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain('<title>Uwaga &quot;pod lupą&quot; &lt;/script&gt; — Uwaga, Chaos</title>');
    expect(head).toContain(
      '<meta name="description" content="Jak technologia kradnie nam uwagę — krótko." />',
    );
    // The site's own description is gone from the article (the built page's tag spans lines).
    expect(head).not.toContain('Blog o tym, jak technologia kradnie nam uwagę');
    expect(head).toMatch(
      /<meta property="og:image" content="[^"]*\/api\/images\/[a-f0-9]{32}-1200w\.webp" \/>/,
    );
    const jsonLd = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(head)![1]!;
    expect(JSON.parse(jsonLd)).toMatchObject({
      headline: 'Uwaga "pod lupą" </script>',
      description: 'Jak technologia kradnie nam uwagę — krótko.',
    });
    // The page itself keeps the post's own title as its heading.
    await page.goto(`${base}/post/${post.slug}`);
    await page.getByRole('heading', { name: post.title, level: 1 }).waitFor();
    expect(await page.title()).toBe('Uwaga "pod lupą" </script> — Uwaga, Chaos');
    await page.close();
  });
});
