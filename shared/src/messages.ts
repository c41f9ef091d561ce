/**
 * `@blog/shared/messages`: the Polish texts a person sees from both sides — an answer the API (or the
 * worker) gives that the web also shows on its own, a default the web sends that the API also falls back
 * to, a title the server writes into a page's head that the page sets again in the browser. Written once
 * so the two cannot part. The forms' validation messages live with their rules (`@blog/shared/rules`).
 * Browser-safe.
 */

/** Signing in and out. */
export const AUTH_TEXTS = {
  /** The one answer to a refused sign-in: unknown, wrong and inactive look the same. */
  wrongCredentials: 'Nieprawidłowa nazwa użytkownika lub hasło',
  loggedOut: 'Zostałeś pomyślnie wylogowany',
} as const;

/** Subscriptions: the double opt-in link and the states the admin list and its CSV export name. */
export const SUBSCRIPTION_TEXTS = {
  confirmLinkInvalid: 'Link potwierdzający subskrypcję jest nieprawidłowy lub wygasł. Zapisz się ponownie.',
  status: {
    active: 'Aktywna',
    pending: 'Oczekuje na potwierdzenie',
    inactive: 'Nieaktywna',
  },
} as const;

/** The admin's test e-mail: what the settings screen sends, and what the API sends when it gets none. */
export const TEST_EMAIL = {
  subject: 'Wiadomość testowa z bloga',
  content:
    'To jest wiadomość testowa wysłana z panelu administracyjnego bloga. Jeśli ją czytasz, ustawienia SMTP działają poprawnie.',
} as const;

/** The moderation of comments. */
export const COMMENT_TEXTS = {
  approved: 'Komentarz został zatwierdzony',
  deleted: 'Komentarz został usunięty',
  bulkDeleted: 'Komentarze zostały usunięte',
} as const;

export const LOG_TEXTS = {
  cleared: 'Logi wyczyszczone',
} as const;

/** What is missing: a post in the panel, an article on the reader side. */
export const NOT_FOUND_TEXTS = {
  post: 'Post nie został znaleziony',
  article: 'Artykuł nie został znaleziony',
} as const;

/** The title and description of a category or tag page (the page's head and its heading's lead). */
export const ARCHIVE_TEXTS = {
  categoryTitle: (name: string) => `Kategoria: ${name}`,
  categoryDescription: (name: string) => `Artykuły w kategorii ${name}.`,
  tagTitle: (name: string) => `Tag: ${name}`,
  tagDescription: (name: string) => `Artykuły z tagiem ${name}.`,
} as const;

/** Stands for a failure's reason when the mail server gave none. */
export const UNKNOWN_ERROR_REASON = 'nieznany błąd';
