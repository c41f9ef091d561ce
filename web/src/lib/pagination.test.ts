import { describe, expect, it } from 'vitest';
import { type PageItem, paginationItems, parsePageParam } from './pagination.ts';

/** Compact notation for assertions: numbers for pages, '…' for ellipses. */
const render = (items: PageItem[]) => items.map((item) => (item.type === 'page' ? item.page : '…'));

describe('paginationItems', () => {
  it('is empty when there are no pages', () => {
    expect(paginationItems(1, 0)).toEqual([]);
  });

  it('shows a single page', () => {
    expect(render(paginationItems(1, 1))).toEqual([1]);
  });

  it('shows every page when there are few', () => {
    expect(render(paginationItems(1, 2))).toEqual([1, 2]);
    expect(render(paginationItems(2, 3))).toEqual([1, 2, 3]);
  });

  it('shows first, last and current ±1 with ellipses between', () => {
    expect(render(paginationItems(5, 10))).toEqual([1, '…', 4, 5, 6, '…', 10]);
  });

  it('puts one ellipsis at the end when on the first page', () => {
    expect(render(paginationItems(1, 10))).toEqual([1, 2, '…', 10]);
  });

  it('puts one ellipsis at the start when on the last page', () => {
    expect(render(paginationItems(10, 10))).toEqual([1, '…', 9, 10]);
  });

  it('has no ellipsis when the neighbours touch the ends', () => {
    expect(render(paginationItems(3, 5))).toEqual([1, 2, 3, 4, 5]);
  });

  it('marks a gap of exactly one page with an ellipsis too', () => {
    expect(render(paginationItems(4, 5))).toEqual([1, '…', 3, 4, 5]);
  });

  it('gives the two ellipses distinct keys', () => {
    const ellipses = paginationItems(5, 10).filter((item) => item.type === 'ellipsis');
    expect(ellipses).toEqual([
      { type: 'ellipsis', key: 'start' },
      { type: 'ellipsis', key: 'end' },
    ]);
  });

  it('clamps a current page outside the range', () => {
    expect(render(paginationItems(99, 4))).toEqual([1, '…', 3, 4]);
    expect(render(paginationItems(0, 4))).toEqual([1, 2, '…', 4]);
  });
});

describe('parsePageParam', () => {
  it.each([
    [null, 1],
    ['', 1],
    ['3', 3],
    ['0', 1],
    ['-2', 1],
    ['2.5', 1],
    ['abc', 1],
  ])('reads %s as page %s', (value, page) => {
    expect(parsePageParam(value)).toBe(page);
  });
});
