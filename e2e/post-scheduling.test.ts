import { buildCategory, buildPost, type TestApi } from '@blog/api/testing';
import { Post } from '@blog/api/models';
import { startTestWorker } from '@blog/worker/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostEditor, signInAsNewAdmin } from './support/admin-editor.ts';
import { type Browser, launchBrowser } from './support/browser.ts';
import { startProduct } from './support/product.ts';

/** A datetime-local value `minutes` from now, on the Warsaw wall clock (what the editor asks for). */
const warsawLocalIn = (minutes: number) =>
  new Intl.DateTimeFormat('sv-SE', {
    timeZone: 'Europe/Warsaw',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  })
    .format(Date.now() + minutes * 60_000)
    .replace(' ', 'T');

/**
 * „Zaplanuj publikację” in Chromium: picked in Warsaw time, shown in Polish words, the post
 * hidden until its moment; a worker started after the moment (the clock moved forward) publishes it.
 */
describe('scheduling a post in the editor', () => {
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

  it('keeps the post hidden with „Zaplanowany na …” until the moment, then it is public', async () => {
    const category = await buildCategory();
    const post = await buildPost({ categories: [category], published: false });
    const page = await signInAsNewAdmin(browser, base);
    await openPostEditor(page, base, post.id);

    const past = page.getByLabel('Zaplanuj publikację');
    await past.fill(warsawLocalIn(-10));
    await page.getByRole('button', { name: 'Zapisz zmiany' }).click();
    await page.getByText('Termin publikacji musi być w przyszłości.').first().waitFor();
    expect(page.url()).toBe(`${base}/admin/posts/edit/${post.id}`);

    await past.fill(warsawLocalIn(30));
    await page.getByText(/^Zaplanowany na \d{1,2} \p{L}+ \d{4} o \d{2}:\d{2} \(czas polski\)/u).waitFor();
    await page.getByRole('button', { name: 'Zapisz zmiany' }).click();
    await page.waitForURL(`${base}/admin/posts`);
    const row = page.getByRole('row').filter({ hasText: post.title });
    await row.getByText(/^Zaplanowany na /).waitFor();
    expect((await Post.findByPk(post.id))!.published).toBe(false);
    const hidden = await page.request.get(`${base}/api/posts/${post.slug}`, { headers: { cookie: '' } });
    expect(hidden.status()).toBe(404);

    // The moment comes while no worker runs; the first worker to start publishes it.
    await Post.update({ scheduledAt: new Date(Date.now() - 1000) }, { where: { id: post.id } });
    const worker = await startTestWorker(product);
    try {
      const visitor = await browser.visitor();
      const response = await visitor.goto(`${base}/post/${post.slug}`);
      expect(response?.status()).toBe(200);
      await visitor.getByRole('heading', { name: post.title, level: 1 }).waitFor();
    } finally {
      await worker.close();
    }
    await page.close();
  });
});
