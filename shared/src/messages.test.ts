import { describe, expect, it } from 'vitest';
import type { components } from '../generated/schema.d.ts';
import { ARCHIVE_TEXTS, AUTH_TEXTS, SUBSCRIPTION_TEXTS, TEST_EMAIL } from './messages.ts';

type SubscriptionStatus = components['schemas']['SubscriptionStatus'];

describe('texts both sides show', () => {
  it('an archive page’s title and description name the category or tag as given', () => {
    expect(ARCHIVE_TEXTS.categoryTitle('Zdrowie')).toBe('Kategoria: Zdrowie');
    expect(ARCHIVE_TEXTS.categoryDescription('Zdrowie')).toBe('Artykuły w kategorii Zdrowie.');
    expect(ARCHIVE_TEXTS.tagTitle('sen')).toBe('Tag: sen');
    expect(ARCHIVE_TEXTS.tagDescription('sen')).toBe('Artykuły z tagiem sen.');
  });

  it('names every subscription state of the contract, and nothing else', () => {
    const labels: Record<SubscriptionStatus, string> = SUBSCRIPTION_TEXTS.status;
    expect(Object.keys(labels).sort()).toEqual(['active', 'inactive', 'pending']);
    expect(labels.pending).toBe('Oczekuje na potwierdzenie');
  });

  it('keeps the texts people already know, letter for letter', () => {
    expect(AUTH_TEXTS.wrongCredentials).toBe('Nieprawidłowa nazwa użytkownika lub hasło');
    expect(TEST_EMAIL.subject).toBe('Wiadomość testowa z bloga');
    // One line each: a subject with a line break would be refused by the mail header rules.
    for (const text of [...Object.values(AUTH_TEXTS), TEST_EMAIL.subject]) expect(text).not.toMatch(/[\r\n]/);
  });
});
