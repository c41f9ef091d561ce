import { describe, expect, it } from 'vitest';
import { pluralPl } from './plural.ts';

describe('pluralPl', () => {
  it.each([
    [0, 'postów'],
    [1, 'post'],
    [2, 'posty'],
    [4, 'posty'],
    [5, 'postów'],
    [12, 'postów'],
    [14, 'postów'],
    [22, 'posty'],
    [101, 'postów'],
    [112, 'postów'],
    [124, 'posty'],
  ])('%i → %s', (count, form) => {
    expect(pluralPl(count, 'post', 'posty', 'postów')).toBe(form);
  });
});
