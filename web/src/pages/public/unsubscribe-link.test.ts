import { describe, expect, it } from 'vitest';
import { ApiError, networkError } from '../../api/api-error.ts';
import {
  INVALID_LINK_MESSAGE,
  parseUnsubscribeLink,
  UNEXPECTED_ERROR_MESSAGE,
  unsubscribeErrorMessage,
} from './unsubscribe-link.ts';

const link = { email: 'ola@example.com', category: 3, token: 'podpis' };

describe('parseUnsubscribeLink', () => {
  it('reads the address, the category id and the token', () => {
    expect(
      parseUnsubscribeLink(new URLSearchParams('email=ola%40example.com&category=3&token=podpis')),
    ).toEqual(link);
  });

  it('trims the address', () => {
    expect(
      parseUnsubscribeLink(new URLSearchParams('email=+ola@example.com+&category=3&token=t'))?.email,
    ).toBe('ola@example.com');
  });

  it.each([
    '',
    'category=3&token=t',
    'email=ola@example.com&token=t',
    'email=ola@example.com&category=3',
    'email=nie-adres&category=3&token=t',
    'email=ola@example.com&category=abc&token=t',
    'email=ola@example.com&category=0&token=t',
    'email=ola@example.com&category=1.5&token=t',
  ])('rejects %j', (query) => {
    expect(parseUnsubscribeLink(new URLSearchParams(query))).toBeNull();
  });

  it('has the one bad-link text', () => {
    expect(INVALID_LINK_MESSAGE).toBe('Nieprawidłowe parametry w linku anulowania subskrypcji.');
  });
});

describe('unsubscribeErrorMessage', () => {
  it("shows the server's own message", () => {
    const error = new ApiError(404, '404: ...', {
      error: 'not_found',
      message: 'Nie znaleziono subskrypcji.',
    });
    expect(unsubscribeErrorMessage(error, link, 'Technologia')).toBe('Nie znaleziono subskrypcji.');
  });

  it('names the category when the answer carries no message', () => {
    const error = new ApiError(502, '502: Bad Gateway', null);
    expect(unsubscribeErrorMessage(error, link, 'Technologia')).toBe(
      'Wystąpił błąd podczas anulowania subskrypcji dla kategorii Technologia.',
    );
    expect(unsubscribeErrorMessage(error, link)).toBe(
      'Wystąpił błąd podczas anulowania subskrypcji dla kategorii nr 3.',
    );
  });

  it('is the unexpected text without an answer or for anything else', () => {
    expect(unsubscribeErrorMessage(networkError(new Error('offline')), link, 'Technologia')).toBe(
      UNEXPECTED_ERROR_MESSAGE,
    );
    expect(unsubscribeErrorMessage(new TypeError('x'), link)).toBe(
      'Wystąpił nieoczekiwany błąd podczas anulowania subskrypcji.',
    );
  });
});
