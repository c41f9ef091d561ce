import type { TestApi } from '@blog/api/testing';
import { afterAll, beforeAll } from 'vitest';
import { type Browser, launchBrowser } from './browser.ts';
import { startProduct } from './product.ts';

/** The product and two people, each in a browser of their own (their own contexts and sessions). */
export interface TwoPeople {
  product: TestApi;
  base: string;
  first: Browser;
  second: Browser;
}

/**
 * Starts the product and two browsers before the file's tests and closes them after; the fields are
 * there once the file's tests run. A file's own afterAll registered after this call runs first.
 */
export function useTwoPeople(): TwoPeople {
  const people = {} as TwoPeople;
  beforeAll(async () => {
    people.product = await startProduct();
    [people.first, people.second] = await Promise.all([launchBrowser(), launchBrowser()]);
    people.base = `http://127.0.0.1:${people.product.port}`;
  });
  afterAll(async () => {
    await Promise.all([people.first?.close(), people.second?.close()]);
    await people.product?.close();
  });
  return people;
}

/** The product and one browser. */
export interface OnePerson {
  product: TestApi;
  base: string;
  browser: Browser;
}

/** Starts the product and one browser before the file's tests and closes them after (as useTwoPeople). */
export function useProductAndBrowser(): OnePerson {
  const setup = {} as OnePerson;
  beforeAll(async () => {
    setup.product = await startProduct();
    setup.browser = await launchBrowser();
    setup.base = `http://127.0.0.1:${setup.product.port}`;
  });
  afterAll(async () => {
    await setup.browser?.close();
    await setup.product?.close();
  });
  return setup;
}
