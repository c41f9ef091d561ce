import { readFile, writeFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import {
  type CapturedStyles,
  captureStyles,
  fixtureText,
  fromFixture,
  type StyledRegion,
  type StyleFixture,
  styleDifferences,
  toFixture,
} from './support/computed-styles.ts';
import { hydrated, newestDemoPost } from './support/public-pages.ts';
import { useProductAndBrowser } from './support/two-people.ts';

/** The computed styles of the public pages' repeated parts as they were drawn by Chakra's style props. */
const FIXTURE = new URL('./fixtures/public-styles.json', import.meta.url);
/** `PUBLIC_STYLES_FIXTURE=write` captures the fixture anew instead of comparing (only with the old drawing). */
const WRITE = process.env.PUBLIC_STYLES_FIXTURE === 'write';
const WIDTHS = [375, 1280];

const CHROME: StyledRegion[] = [
  { name: 'header', selector: 'body header' },
  { name: 'mobile-menu', selector: '#menu-mobilne' },
  { name: 'footer', selector: 'body footer' },
];
const ARTICLE = 'article[aria-labelledby="post-title"]';
/** The skip link (first in every public page) and the element it moves the focus to. */
const SKIP_LINK: StyledRegion = { name: 'skip-link', selector: 'a[href="#chakra-skip-nav"]', depth: 0 };
const SKIP_TARGET: StyledRegion = { name: 'skip-target', selector: '#chakra-skip-nav', depth: 0 };
/** The article's text as the editor wrote it (the typography of its paragraphs, headings, lists). */
const BODY: StyledRegion = { name: 'body', selector: `${ARTICLE} .article-page__body` };

/**
 * Each page's regions: the card, its grid and the pagination, the hero, the article's header; under an
 * article with comments its tags, subscribe box and comments.
 */
const pages = (
  articlePath: string,
  commentedPath: string,
): { name: string; path: string; regions: StyledRegion[] }[] => [
  {
    name: 'home',
    path: '/',
    regions: [
      ...CHROME,
      SKIP_LINK,
      SKIP_TARGET,
      { name: 'hero', selector: 'section[aria-labelledby="hero-title"]' },
      { name: 'latest', selector: 'section[aria-labelledby="latest-title"]' },
    ],
  },
  {
    name: 'list',
    path: '/posts',
    regions: [
      { name: 'grid', selector: 'main :has(> article)', depth: 0 },
      { name: 'card', selector: 'main article' },
      { name: 'pagination', selector: 'nav[aria-label="Paginacja"]' },
    ],
  },
  {
    name: 'article',
    path: articlePath,
    regions: [
      ...CHROME,
      { name: 'article', selector: ARTICLE, depth: 1 },
      { name: 'breadcrumb', selector: `${ARTICLE} > div > :nth-child(1)` },
      { name: 'article-header', selector: `${ARTICLE} > div > :nth-child(2)` },
      { name: 'article-image', selector: `${ARTICLE} > div > :nth-child(3)` },
      BODY,
    ],
  },
  {
    name: 'commented',
    path: commentedPath,
    regions: [
      { name: 'tags', selector: `${ARTICLE} [aria-label="Tagi"]` },
      { name: 'subscribe', selector: 'section[aria-labelledby="subscribe-title"]' },
      { name: 'comments', selector: 'section[aria-labelledby="comments-title"]' },
      BODY,
    ],
  },
];

/**
 * The public pages' skip link, header, footer, mobile menu, hero, post cards, grid, pagination, article
 * header, body text, tags, subscribe box and comments look exactly as they did when Chakra's style props drew them: every computed property that matters, at a
 * phone's and a desktop's width, after hydration, equal to the fixture captured before the static CSS.
 */
describe('computed styles of the public pages’ static parts', () => {
  const setup = useProductAndBrowser();

  const captureAll = async (): Promise<CapturedStyles> => {
    const article = await newestDemoPost();
    const commented = await newestDemoPost({ commented: true });
    const captured: CapturedStyles = {};
    for (const width of WIDTHS) {
      for (const { name, path, regions } of pages(`/post/${article.slug}`, `/post/${commented.slug}`)) {
        const page = await setup.browser.context.newPage();
        await page.setViewportSize({ width, height: 900 });
        await page.goto(`${setup.base}${path}`);
        await hydrated(page);
        await page.waitForLoadState('networkidle');
        const add = (prefix: string, styles: CapturedStyles) => {
          for (const [key, value] of Object.entries(styles)) captured[`${width} ${prefix} ${key}`] = value;
        };
        add(name, await captureStyles(page, regions));
        if (name === 'home') {
          // The skip link shown: the first Tab of the page focuses it.
          await page.keyboard.press('Tab');
          await page.locator(`${SKIP_LINK.selector}:focus-visible`).waitFor();
          add('home-skip-focused', await captureStyles(page, [SKIP_LINK]));
          await page.keyboard.press('Shift+Tab');
        }
        if (name === 'home' && width < 768) {
          // From the keyboard: a click would leave the pointer over the close button, mid-transition.
          await page.getByRole('button', { name: 'Otwórz menu' }).press('Enter');
          await page.locator('#menu-mobilne:popover-open').waitFor();
          add('home-menu-open', await captureStyles(page, [{ name: 'menu', selector: '#menu-mobilne' }]));
        }
        await page.close();
      }
    }
    return captured;
  };

  it('are the fixture’s, property by property, at 375 and 1280 px', async () => {
    const captured = await captureAll();
    if (WRITE) {
      await writeFile(FIXTURE, fixtureText(toFixture(captured)));
      return;
    }
    const fixture = fromFixture(JSON.parse(await readFile(FIXTURE, 'utf8')) as StyleFixture);
    expect(Object.keys(captured).length).toBeGreaterThan(500);
    expect(styleDifferences(fixture, captured)).toEqual([]);
  });

  it('an article opened within the app from the home page, whose HTML has no CSS for its text: the body as the server draws it', async () => {
    const article = await newestDemoPost();
    const page = await setup.browser.context.newPage();
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${setup.base}/`);
    await hydrated(page);
    expect(await page.locator('style[data-server-html]').count()).toBe(0);
    // The router's own navigation (what a link does), to an article that may not be listed on the page.
    await page.evaluate((path) => {
      window.history.pushState({}, '', path);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, `/post/${article.slug}`);
    await page.locator(BODY.selector).waitFor();
    await page.waitForLoadState('networkidle');
    const prefix = '1280 article ';
    const fixture = fromFixture(JSON.parse(await readFile(FIXTURE, 'utf8')) as StyleFixture);
    const expected = Object.fromEntries(
      Object.entries(fixture)
        .filter(([key]) => key.startsWith(`${prefix}${BODY.name}:`))
        .map(([key, value]) => [key.slice(prefix.length), value]),
    );
    expect(Object.keys(expected).length).toBeGreaterThan(5);
    expect(styleDifferences(expected, await captureStyles(page, [BODY]))).toEqual([]);
    await page.close();
  });
});
