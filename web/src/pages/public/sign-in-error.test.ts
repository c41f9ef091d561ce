import { describe, expect, it } from 'vitest';
import { ApiError, type ApiErrorBody } from '../../api/api-error.ts';
import { signInErrorMessage, WRONG_CREDENTIALS } from './sign-in-error.ts';

const apiError = (status: number, message: string) => {
  const body: ApiErrorBody = { error: status === 429 ? 'rate_limited' : 'unauthorized', message };
  return new ApiError(status, `${status}: ${message}`, body);
};

describe('signInErrorMessage', () => {
  it('says „wrong username or password” for a refused sign-in', () => {
    expect(WRONG_CREDENTIALS).toBe('Nieprawidłowa nazwa użytkownika lub hasło');
    expect(signInErrorMessage(apiError(401, 'Nieprawidłowa nazwa użytkownika lub hasło'))).toBe(
      WRONG_CREDENTIALS,
    );
    expect(signInErrorMessage(apiError(400, 'Podaj hasło'))).toBe(WRONG_CREDENTIALS);
  });

  it("shows the server's message for a block after too many attempts", () => {
    expect(
      signInErrorMessage(apiError(429, 'Zbyt wiele prób logowania. Spróbuj ponownie za 15 minut.')),
    ).toBe('Zbyt wiele prób logowania. Spróbuj ponownie za 15 minut.');
  });

  it('says the server could not be reached instead of blaming the password', () => {
    expect(signInErrorMessage(new ApiError(0, '0: offline', null))).toMatch(
      /Nie udało się połączyć z serwerem/,
    );
  });
});
