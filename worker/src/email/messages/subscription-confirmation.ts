import { html } from '../html.ts';
import { htmlDocument, type RenderedEmail, textBody } from './layout.ts';
import { unsubscribeHtml, unsubscribeText } from './subscription-footer.ts';

export interface SubscriptionConfirmationData {
  categoryName: string;
  unsubscribeUrl: string;
}

/** Sent right after subscribing, so the address owner knows and can leave at once. */
export function subscriptionConfirmationEmail(data: SubscriptionConfirmationData): RenderedEmail {
  const subject = `Potwierdzenie subskrypcji: ${data.categoryName}`;
  const intro = `Twoja subskrypcja kategorii „${data.categoryName}” jest aktywna. Gdy opublikujemy w niej nowy artykuł, wyślemy Ci wiadomość z jego tytułem, zajawką i linkiem.`;
  const notYou = 'Jeśli to nie Ty zapisałeś ten adres, po prostu anuluj subskrypcję poniższym linkiem.';
  return {
    subject,
    text: textBody(['Cześć!', intro, notYou, unsubscribeText(data.categoryName, data.unsubscribeUrl)]),
    html: htmlDocument(
      subject,
      html`<p>Cześć!</p>
        <p>${intro}</p>
        <p>${notYou}</p>
        ${unsubscribeHtml(data.categoryName, data.unsubscribeUrl)}`,
    ),
  };
}
