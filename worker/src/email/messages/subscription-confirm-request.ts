import { html } from '../html.ts';
import { htmlDocument, type RenderedEmail, textBody } from './layout.ts';

export interface SubscriptionConfirmRequestData {
  categoryName: string;
  confirmUrl: string;
}

/** Double opt-in: the only e-mail an unconfirmed address gets; nothing follows unless it is clicked. */
export function subscriptionConfirmRequestEmail(data: SubscriptionConfirmRequestData): RenderedEmail {
  const subject = `Potwierdź subskrypcję: ${data.categoryName}`;
  const intro = `Ktoś (prawdopodobnie Ty) zapisał ten adres do powiadomień o nowych artykułach z kategorii „${data.categoryName}”.`;
  const action = 'Aby potwierdzić subskrypcję, kliknij poniższy link. Link jest ważny przez 48 godzin.';
  const notYou = 'Jeśli to nie Ty, zignoruj tę wiadomość: bez potwierdzenia nie wyślemy Ci nic więcej.';
  return {
    subject,
    text: textBody(['Cześć!', intro, action, data.confirmUrl, notYou]),
    html: htmlDocument(
      subject,
      html`<p>Cześć!</p>
        <p>${intro}</p>
        <p>${action}</p>
        <p><a href="${data.confirmUrl}">Potwierdź subskrypcję</a></p>
        <p>${notYou}</p>`,
    ),
  };
}
