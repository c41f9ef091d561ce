import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { type BrowserContext, chromium, type Page } from 'playwright-core';

/** Debian's Chromium, with the flags this closed network needs (see DEVELOPERS' notes). */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface Browser {
  /** The context pages open in: the profile's own until `fresh()` is called, then the newest fresh one. */
  readonly context: BrowserContext;
  /**
   * A new, empty context (no cookies, storage or cache) for the next journey, which `context` then
   * returns; the previous fresh one is closed with its pages. Clearing the cookies of a context
   * whose earlier pages still had answers on the way is not enough: a late answer of a signed-in
   * page renews its rolling session cookie after the clearing, and the next journey starts signed in
   * as someone else.
   */
  fresh(): Promise<BrowserContext>;
  /**
   * A page of a visitor who never signed in: a context of its own beside the current one (whose pages
   * stay open), closed with the browser. A signed-in journey that goes on as a visitor opens one
   * rather than clearing its cookies, for the reason `fresh` gives.
   */
  visitor(): Promise<Page>;
  close(): Promise<void>;
}

export async function launchBrowser(
  options: { viewport?: { width: number; height: number }; javaScriptEnabled?: boolean } = {},
): Promise<Browser> {
  const profile = await mkdtemp(path.join(os.tmpdir(), 'blog-chromium-'));
  const contextOptions = {
    viewport: options.viewport ?? { width: 1280, height: 900 },
    locale: 'pl-PL',
    javaScriptEnabled: options.javaScriptEnabled ?? true,
  };
  const persistent = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: CHROMIUM_ARGS,
    ...contextOptions,
  });
  let current: BrowserContext = persistent;
  const visitors: BrowserContext[] = [];
  const closeFresh = async () => {
    if (current !== persistent) await current.close();
    current = persistent;
  };
  return {
    get context() {
      return current;
    },
    async fresh() {
      await closeFresh();
      current = await persistent.browser()!.newContext(contextOptions);
      return current;
    },
    async visitor() {
      const context = await persistent.browser()!.newContext(contextOptions);
      visitors.push(context);
      return context.newPage();
    },
    async close() {
      await Promise.all(visitors.map((context) => context.close()));
      await closeFresh();
      await persistent.close();
      await rm(profile, { recursive: true, force: true });
    },
  };
}
