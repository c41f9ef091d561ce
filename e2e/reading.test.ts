import { Comment, ContactMessage, Post } from '@blog/api/models';
import type { TestApi } from '@blog/api/testing';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, launchBrowser } from './support/browser.ts';
import { startProduct } from './support/product.ts';
import { newestDemoPost, visiblePostsNewestFirst } from './support/public-pages.ts';

/** A reader's whole journey through the public side, in Debian Chromium against the built product. */
describe('public reading side', () => {
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

  const openPage = async (path: string): Promise<{ page: Page; errors: string[]; requests: string[] }> => {
    const page = await browser.context.newPage();
    const errors: string[] = [];
    const requests: string[] = [];
    page.on('pageerror', (err) => errors.push(err.message));
    page.on('request', (request) => requests.push(new URL(request.url()).pathname));
    await page.goto(`${base}${path}`);
    return { page, errors, requests };
  };

  it('home → list → search without match → clear → page 2 → article', async () => {
    const posts = await visiblePostsNewestFirst();
    expect(posts.length).toBeGreaterThan(6);
    const { page, errors, requests } = await openPage('/');

    await expect.poll(() => page.getByRole('heading', { name: posts[0]!.title }).count()).toBe(1);
    expect(await page.title()).toContain('Uwaga, Chaos');
    expect(requests.some((path) => /(dashboard|settings|users|logs)-page/.test(path))).toBe(false);

    await page.getByRole('link', { name: 'Zobacz wszystkie artykuły' }).click();
    await page.waitForURL(`${base}/posts`);
    await page.getByRole('heading', { name: 'Wszystkie artykuły', level: 1 }).waitFor();
    await expect.poll(() => page.getByRole('heading', { level: 2, name: posts[5]!.title }).count()).toBe(1);
    expect(await page.getByRole('heading', { level: 2, name: posts[6]!.title }).count()).toBe(0);

    await page.getByRole('searchbox', { name: 'Szukaj artykułów' }).fill('zzzz-brak-takiego-tekstu');
    await page.getByText('Nie znaleziono artykułów odpowiadających wyszukiwaniu').waitFor();
    expect(page.url()).toContain('q=zzzz-brak-takiego-tekstu');
    await page.getByRole('button', { name: 'Wyczyść wyszukiwanie' }).click();
    await page.getByRole('heading', { level: 2, name: posts[0]!.title }).waitFor();
    expect(page.url()).not.toContain('q=');

    await page.getByRole('link', { name: 'Następna strona' }).click();
    await page.getByRole('heading', { level: 2, name: posts[6]!.title }).waitFor();
    expect(page.url()).toContain('page=2');
    // Page 2 is the last while the demo content and this file's own posts are at most 12.
    const visibleNow = (await visiblePostsNewestFirst()).length;
    // The last page's „next” is a disabled button; before it, a link.
    expect(await page.getByRole('button', { name: 'Następna strona', disabled: true }).count()).toBe(
      visibleNow <= 12 ? 1 : 0,
    );
    await page.goBack();
    await page.getByRole('heading', { level: 2, name: posts[0]!.title }).waitFor();
    expect(await page.getByRole('button', { name: 'Poprzednia strona' }).isDisabled()).toBe(true);

    await page.getByRole('heading', { level: 2, name: posts[0]!.title }).click();
    await page.waitForURL(`${base}/post/${posts[0]!.slug}`);
    await page.getByRole('heading', { level: 1, name: posts[0]!.title }).waitFor();
    await page
      .getByRole('navigation', { name: 'Ścieżka nawigacji' })
      .getByRole('link', { name: 'Artykuły' })
      .waitFor();
    expect(await page.getByText(/min czytania/).count()).toBeGreaterThan(0);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('home and article are rendered on the server and hydrated: readable before the script runs, no fetch for the page', async () => {
    const [latest] = await visiblePostsNewestFirst();
    const home = await openPage('/');
    await home.page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    expect(await home.page.getByRole('heading', { name: latest!.title }).count()).toBe(1);
    expect(home.requests.filter((path) => path === '/api/posts' || path === '/api/site-settings')).toEqual(
      [],
    );
    expect(home.errors).toEqual([]);
    await home.page.close();

    const article = await openPage(`/post/${latest!.slug}`);
    await article.page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    expect(await article.page.getByRole('heading', { level: 1, name: latest!.title }).count()).toBe(1);
    expect(article.requests).not.toContain(`/api/posts/${latest!.slug}`);
    expect(article.errors).toEqual([]);
    await article.page.close();

    // Without the app (a reader without JavaScript, a crawler): the article's title and text are there.
    const bare = await browser.context.newPage();
    await bare.route('**/assets/*.js', (route) => route.abort());
    // A demo post: another e2e file may have written a body without its stored text.
    const demo = await newestDemoPost();
    await bare.goto(`${base}/post/${demo.slug}`);
    expect(await bare.getByRole('heading', { level: 1, name: demo.title }).count()).toBe(1);
    const text = (await Post.findByPk(demo.id, { attributes: ['contentText'] }))!.contentText;
    const words = (value: string) => value.replace(/\s+/g, ' ').trim();
    expect(words(await bare.locator('main article').first().innerText())).toContain(words(text).slice(0, 40));
    await bare.close();
  });

  it('adds a comment, refuses invalid ones in the form and shows the server refusal', async () => {
    const [post] = await visiblePostsNewestFirst();
    const { page, errors } = await openPage(`/post/${post!.slug}`);
    // The form is drawn when its place nears the screen.
    await page.getByRole('region', { name: /^Komentarze/ }).scrollIntoViewIfNeeded();
    const submit = page.getByRole('button', { name: 'Dodaj komentarz' });
    await submit.waitFor();
    // The subscribe box on the same page has an e-mail field too.
    const commentForm = page.getByRole('form', { name: 'Dodaj komentarz' });

    await page.getByLabel('Imię').fill('A');
    await commentForm.getByLabel('Adres e-mail').fill('nie-email');
    await page.getByRole('textbox', { name: 'Komentarz' }).fill('ok');
    await submit.click();
    for (const message of [
      'Name must be at least 2 characters',
      'Invalid email address',
      'Comment must be at least 3 characters',
    ]) {
      await page.getByText(message).waitFor();
    }

    const text = `<script>window.hacked = true</script> Bardzo ciekawe, dzięki! ${Date.now()}`;
    await page.getByLabel('Imię').fill('Ola z Krakowa');
    await commentForm.getByLabel('Adres e-mail').fill('ola@example.com');
    await page.getByRole('textbox', { name: 'Komentarz' }).fill(text);
    await submit.click();
    // The success toast comes after the form has been reset: only then is it safe to type again.
    await page.getByText('Komentarz dodany').waitFor();
    await page.getByText(text).waitFor();
    expect(await page.evaluate(() => (window as { hacked?: boolean }).hacked)).toBeUndefined();
    expect(await Comment.count({ where: { postId: post!.id, content: text } })).toBe(1);
    expect(await page.getByRole('region', { name: /^Komentarze/ }).innerText()).not.toContain(
      'ola@example.com',
    );

    // The post is hidden while the reader writes: the server refuses and the toast carries its message.
    // The cookies are gone too, so the client's cached CSRF token is stale: the server's own message
    // (not the CSRF one) only shows if the client renewed the token and sent the comment again.
    await Post.update({ published: false }, { where: { id: post!.id } });
    await browser.context.clearCookies();
    try {
      await page.getByLabel('Imię').fill('Ola z Krakowa');
      await commentForm.getByLabel('Adres e-mail').fill('ola@example.com');
      await page.getByRole('textbox', { name: 'Komentarz' }).fill('Jeszcze jeden komentarz');
      await submit.click();
      await page.getByText('Wystąpił błąd').waitFor();
      await page.getByText('Artykuł nie został znaleziony').first().waitFor();
    } finally {
      await Post.update({ published: true }, { where: { id: post!.id } });
    }
    expect(errors).toEqual([]);
    await page.close();
  });

  it('sends the contact form with the security code; the address is only drawn on a canvas', async () => {
    const { page, errors } = await openPage('/contact');
    const captchaResponse = await page.waitForResponse((res) => res.url().endsWith('/api/contact/captcha'));
    const { captchaId } = (await captchaResponse.json()) as { captchaId: string };
    const answer = await product.runtime.redis.get(`${product.config.REDIS_PREFIX}:captcha:${captchaId}`);

    const canvas = page.locator('canvas');
    expect(await canvas.evaluate((node: HTMLCanvasElement) => [node.width, node.height])).toEqual([180, 30]);
    expect(await page.content()).not.toMatch(/kontakt@/);
    expect(await page.getByRole('link', { name: 'Eureka!' }).count()).toBe(1);

    const message = `Dzień dobry, piszę w sprawie współpracy ${Date.now()}.`;
    await page.getByLabel('Imię').fill('Jan Kowalski');
    await page.getByLabel('Adres e-mail').fill('jan@example.com');
    await page.getByLabel('Wiadomość').fill(message);
    await page.getByLabel('Kod zabezpieczający').fill(answer!);
    await page.getByRole('button', { name: 'Wyślij wiadomość' }).click();
    await page.getByText('Dziękujemy! Wiadomość została wysłana.').waitFor();
    expect(await ContactMessage.count({ where: { message } })).toBe(1);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('opens the side menu on a phone and navigates from it', async () => {
    const phone = await browser.context.browser()?.newContext({ viewport: { width: 390, height: 844 } });
    const page = phone ? await phone.newPage() : await browser.context.newPage();
    if (!phone) await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${base}/`);
    await page.getByRole('button', { name: 'Otwórz menu' }).click();
    const menu = page.getByRole('navigation', { name: 'Menu mobilne' });
    await menu.waitFor();
    await menu.getByRole('link', { name: 'O Blogu' }).click();
    await page.waitForURL(`${base}/about`);
    await page.getByRole('heading', { name: 'O Blogu', level: 1 }).waitFor();
    await page.close();
  });

  it('shows the English 404 screen for an unknown path', async () => {
    const { page } = await openPage('/to/nie/istnieje');
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    await page.getByRole('link', { name: 'Go back home' }).click();
    await page.waitForURL(`${base}/`);
    await page.close();
  });

  it('shows the not-found state for an unknown article', async () => {
    const { page } = await openPage('/post/nie-ma-takiego-artykulu');
    await page.getByText('Artykuł nie został znaleziony').waitFor();
    await page
      .getByRole('link', { name: /artykuł/i })
      .first()
      .waitFor();
    await page.close();
  });
});
