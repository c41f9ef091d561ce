import { html, type SafeHtml } from '../html.ts';

/** What every message renders to: a subject, a plain-text body and an HTML body saying the same. */
export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

export const AUTOMATIC_NOTICE = 'Ta wiadomość została wysłana automatycznie – prosimy na nią nie odpowiadać.';

/** The plain-text body: paragraphs separated by a blank line, the automatic notice as the signature. */
export const textBody = (paragraphs: readonly string[]): string =>
  `${paragraphs.join('\n\n')}\n\n-- \n${AUTOMATIC_NOTICE}\n`;

/** A minimal, inline-styled HTML document (mail clients ignore style sheets). */
export function htmlDocument(title: string, content: SafeHtml): string {
  return html`<!doctype html>
    <html lang="pl">
      <head>
        <meta charset="utf-8" />
        <title>${title}</title>
      </head>
      <body
        style="margin:0;padding:24px;background:#f6f6f6;font-family:Arial,Helvetica,sans-serif;color:#222;line-height:1.5"
      >
        <div style="max-width:560px;margin:0 auto;padding:24px;background:#fff;border-radius:8px">
          ${content}
          <p style="margin-top:32px;font-size:12px;color:#777">${AUTOMATIC_NOTICE}</p>
        </div>
      </body>
    </html> `.value;
}

export const button = (href: string, label: string): SafeHtml =>
  html`<p>
      <a
        href="${href}"
        style="display:inline-block;padding:10px 18px;background:#2b6cb0;color:#fff;text-decoration:none;border-radius:6px"
        >${label}</a
      >
    </p>
    <p style="font-size:13px;color:#555">
      Jeśli przycisk nie działa, skopiuj ten adres do przeglądarki:<br />${href}
    </p>`;

/** How a person is greeted: the display name when set, else the username. */
export const greetingName = (user: { username: string; displayName: string | null }): string =>
  user.displayName?.trim() || user.username;
