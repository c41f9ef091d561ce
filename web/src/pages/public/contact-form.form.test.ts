import { describe, expect, it } from 'vitest';
import { ValidationError } from 'yup';
import { buildContactPayload, contactInitialValues, contactSchema } from './contact-form.form.ts';

const valid = {
  name: 'Jan',
  email: 'jan@example.com',
  message: 'Dzień dobry, mam pytanie.',
  captcha: 'x7Kq',
};

async function errorFor(values: Record<string, unknown>, field: string): Promise<string | null> {
  try {
    await contactSchema.validateAt(field, values);
    return null;
  } catch (error) {
    if (error instanceof ValidationError) return error.message;
    throw error;
  }
}

describe('contactSchema', () => {
  it('accepts a valid message', async () => {
    await expect(contactSchema.isValid(valid)).resolves.toBe(true);
  });

  it('starts empty', () => {
    expect(contactInitialValues).toEqual({ name: '', email: '', message: '', captcha: '' });
  });

  it.each([undefined, '', 'J', ' J '])('rejects the name %j', async (name) => {
    expect(await errorFor({ ...valid, name }, 'name')).toBe('Imię musi mieć co najmniej 2 znaki');
  });

  it.each([undefined, '', 'jan', 'jan@', 'jan example.com'])('rejects the e-mail %j', async (email) => {
    expect(await errorFor({ ...valid, email }, 'email')).toBe('Podaj prawidłowy adres email');
  });

  it.each([undefined, '', 'Za krótko', '   123456789   '])('rejects the message %j', async (message) => {
    expect(await errorFor({ ...valid, message }, 'message')).toBe(
      'Wiadomość musi mieć co najmniej 10 znaków',
    );
  });

  it('accepts a message of exactly 10 characters', async () => {
    expect(await errorFor({ ...valid, message: '1234567890' }, 'message')).toBeNull();
  });

  it.each([undefined, '', 'abc', ' ab '])('rejects the security code %j', async (captcha) => {
    expect(await errorFor({ ...valid, captcha }, 'captcha')).toBe('Kod zabezpieczający jest wymagany');
  });

  it('accepts a four-character security code', async () => {
    expect(await errorFor({ ...valid, captcha: 'abcd' }, 'captcha')).toBeNull();
  });
});

describe('buildContactPayload', () => {
  it('trims the values and adds the captcha id', () => {
    expect(
      buildContactPayload(
        { name: ' Jan ', email: ' jan@example.com', message: ' Dzień dobry!!! ', captcha: ' x7Kq ' },
        'c-1',
      ),
    ).toEqual({
      name: 'Jan',
      email: 'jan@example.com',
      message: 'Dzień dobry!!!',
      captchaId: 'c-1',
      captcha: 'x7Kq',
    });
  });
});
