import { html } from '../html.ts';
import { button, htmlDocument, type RenderedEmail, textBody } from './layout.ts';
import { unsubscribeHtml, unsubscribeText } from './subscription-footer.ts';

export interface PostNotificationData {
  title: string;
  excerpt: string;
  postUrl: string;
  categoryName: string;
  unsubscribeUrl: string;
}

/** A new article in a subscribed category: title, excerpt, link, and the way out. */
export function postNotificationEmail(data: PostNotificationData): RenderedEmail {
  const subject = `Nowy artykuł: ${data.title}`;
  const intro = `W kategorii „${data.categoryName}” pojawił się nowy artykuł.`;
  return {
    subject,
    text: textBody([
      'Cześć!',
      intro,
      data.title,
      data.excerpt,
      `Przeczytaj cały artykuł: ${data.postUrl}`,
      unsubscribeText(data.categoryName, data.unsubscribeUrl),
    ]),
    html: htmlDocument(
      subject,
      html`<p>Cześć!</p>
        <p>${intro}</p>
        <h1 style="font-size:22px;margin:16px 0 8px">${data.title}</h1>
        <p>${data.excerpt}</p>
        ${button(data.postUrl, 'Przeczytaj artykuł')}
        ${unsubscribeHtml(data.categoryName, data.unsubscribeUrl)}`,
    ),
  };
}
