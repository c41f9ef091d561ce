import { html, type SafeHtml } from '../html.ts';

/** The unsubscribe paragraph every subscription e-mail ends with, as text and as HTML. */
export const UNSUBSCRIBE_LABEL = 'Anuluj subskrypcję';

export const unsubscribeText = (categoryName: string, unsubscribeUrl: string): string =>
  `Otrzymujesz tę wiadomość, ponieważ subskrybujesz kategorię „${categoryName}”. Aby zrezygnować z subskrypcji, otwórz: ${unsubscribeUrl}`;

export const unsubscribeHtml = (categoryName: string, unsubscribeUrl: string): SafeHtml =>
  html`<p style="margin-top:24px;font-size:13px;color:#555">
    Otrzymujesz tę wiadomość, ponieważ subskrybujesz kategorię „${categoryName}”.
    <a href="${unsubscribeUrl}" style="color:#2b6cb0">${UNSUBSCRIBE_LABEL}</a>
  </p>`;
