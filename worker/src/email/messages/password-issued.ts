import { html } from '../html.ts';
import { button, greetingName, htmlDocument, type RenderedEmail, textBody } from './layout.ts';

export interface PasswordIssuedEmailData {
  reason: 'created' | 'reset';
  username: string;
  displayName: string | null;
  temporaryPassword: string;
  signInUrl: string;
}

const SUBJECTS = { created: 'Twoje konto na blogu', reset: 'Nowe hasło do Twojego konta' } as const;

const INTROS = {
  created: 'Utworzyliśmy dla Ciebie konto na blogu. Poniżej znajdziesz dane do logowania.',
  reset: 'Administrator ustawił nowe hasło do Twojego konta na blogu. Poprzednie hasło już nie działa.',
} as const;

// Subscribers cannot open the admin panel, so the advice also names the reset link on the sign-in page.
const CHANGE_ADVICE =
  'To hasło jest tymczasowe: zmień je na własne. W panelu administracyjnym służy do tego przycisk „Zmień hasło” w nagłówku; możesz też użyć opcji „Nie pamiętasz hasła?” na stronie logowania.';

/** The e-mail carrying a temporary password: for a new account or after an admin's reset. */
export function passwordIssuedEmail(data: PasswordIssuedEmailData): RenderedEmail {
  const name = greetingName(data);
  const subject = SUBJECTS[data.reason];
  const intro = INTROS[data.reason];
  return {
    subject,
    text: textBody([
      `Cześć ${name}!`,
      intro,
      `Nazwa użytkownika: ${data.username}\nHasło tymczasowe: ${data.temporaryPassword}`,
      `Zaloguj się tutaj: ${data.signInUrl}`,
      CHANGE_ADVICE,
    ]),
    html: htmlDocument(
      subject,
      html`<p>Cześć ${name}!</p>
        <p>${intro}</p>
        <table style="border-collapse:collapse;margin:16px 0">
          <tr>
            <td style="padding:4px 12px 4px 0">Nazwa użytkownika:</td>
            <td style="padding:4px 0"><strong>${data.username}</strong></td>
          </tr>
          <tr>
            <td style="padding:4px 12px 4px 0">Hasło tymczasowe:</td>
            <td style="padding:4px 0"><code style="font-size:16px">${data.temporaryPassword}</code></td>
          </tr>
        </table>
        ${button(data.signInUrl, 'Zaloguj się')}
        <p>${CHANGE_ADVICE}</p>`,
    ),
  };
}
