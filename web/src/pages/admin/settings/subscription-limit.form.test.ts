import { describe, expect, it } from 'vitest';
import { checkSubscriptionLimit } from './subscription-limit.form.ts';

describe('checkSubscriptionLimit', () => {
  it.each(['1', '10', ' 25 ', '1000000'])('accepts %j and sends it trimmed', (typed) => {
    expect(checkSubscriptionLimit(typed)).toEqual({ ok: true, limit: typed.trim() });
  });

  it.each(['', '   ', '0', '-3', '1.5', 'abc', '1e3', '1000001'])(
    'rejects %j with the rule’s message',
    (typed) => {
      expect(checkSubscriptionLimit(typed)).toEqual({
        ok: false,
        message: 'Limit musi być liczbą większą od 0',
      });
    },
  );
});
