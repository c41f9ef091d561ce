import { describe, expect, it } from 'vitest';
import { fieldError } from '../../../test/validation.ts';
import { buildSubscribePayload, subscribeInitialValues, subscribeSchema } from './subscribe-box.form.ts';

const valid = { email: 'ola@example.com', categoryId: 3, consent: true };

describe('subscribeSchema', () => {
  it('accepts a valid subscription', async () => {
    await expect(subscribeSchema.isValid(valid)).resolves.toBe(true);
  });

  it('starts with an empty address, the given category and consent not given', () => {
    expect(subscribeInitialValues(7)).toEqual({ email: '', categoryId: 7, consent: false });
  });

  it.each([undefined, '', 'ola', 'ola@', 'ola@@example.com', `${'a'.repeat(250)}@example.com`])(
    'rejects the e-mail %j',
    async (email) => {
      expect(await fieldError(subscribeSchema, { ...valid, email }, 'email')).toBe(
        'Wprowadź poprawny adres email',
      );
    },
  );

  it.each([undefined, 0, -1, 1.5])('rejects the category %j', async (categoryId) => {
    expect(await fieldError(subscribeSchema, { ...valid, categoryId }, 'categoryId')).toBe(
      'Wybierz kategorię',
    );
  });

  it.each([undefined, false])('requires the consent (%j)', async (consent) => {
    expect(await fieldError(subscribeSchema, { ...valid, consent }, 'consent')).toBe(
      'Musisz wyrazić zgodę na otrzymywanie wiadomości email',
    );
  });

  it('accepts an address with spaces around it (trimmed before the rules)', async () => {
    expect(await fieldError(subscribeSchema, { ...valid, email: '  ola@example.com ' }, 'email')).toBeNull();
  });
});

describe('buildSubscribePayload', () => {
  it('trims the address and keeps the category and the consent', () => {
    expect(buildSubscribePayload({ email: ' Ola@Example.com ', categoryId: 3, consent: true })).toEqual({
      email: 'Ola@Example.com',
      categoryId: 3,
      consent: true,
    });
  });
});
