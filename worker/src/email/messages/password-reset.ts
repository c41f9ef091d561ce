import { html } from '../html.ts';
import { button, greetingName, htmlDocument, type RenderedEmail, textBody } from './layout.ts';

export interface PasswordResetEmailData {
  username: string;
  displayName: string | null;
  resetUrl: string;
}

const SUBJECT = 'Resetowanie hasła';
const VALIDITY = 'Link działa tylko raz i jest ważny przez godzinę.';
const IGNORE =
  'Jeśli ta prośba nie pochodzi od Ciebie, zignoruj tę wiadomość – Twoje hasło pozostanie bez zmian.';

/** The self-service reset link. */
export function passwordResetEmail(data: PasswordResetEmailData): RenderedEmail {
  const name = greetingName(data);
  const intro = `Otrzymaliśmy prośbę o zresetowanie hasła do konta „${data.username}” na blogu. Aby ustawić nowe hasło, otwórz ten link:`;
  return {
    subject: SUBJECT,
    text: textBody([`Cześć ${name}!`, intro, data.resetUrl, VALIDITY, IGNORE]),
    html: htmlDocument(
      SUBJECT,
      html`<p>Cześć ${name}!</p>
        <p>${intro}</p>
        ${button(data.resetUrl, 'Ustaw nowe hasło')}
        <p>${VALIDITY}</p>
        <p>${IGNORE}</p>`,
    ),
  };
}
