import { checkField, editorLinkForm } from '../rules/index.ts';

export type UrlCheck = { ok: true; url: string } | { ok: false; message: string };

/**
 * A host name typed without a scheme (`ghost.org`, `www.example.com:8080/a?b`): a dot-separated name
 * whose last part is letters, then an optional port, path, query or fragment.
 */
export const BARE_HOST = /^(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z]{2,63}\.?(?::\d{1,5})?(?:[/?#]\S*)?$/i;

/**
 * A link address typed into the editor's prompt: one of the allowed schemes (LINK_SCHEMES, the same
 * list the server's sanitizer keeps), else the alert text from the rules. An address typed without a
 * scheme, as people type them (`ghost.org`), gets `https://`.
 */
export function checkLinkUrl(raw: string): UrlCheck {
  const typed = raw.trim();
  const url = BARE_HOST.test(typed) ? `https://${typed}` : typed;
  const check = checkField(editorLinkForm, 'href', { href: url });
  return check.ok ? { ok: true, url } : { ok: false, message: check.message };
}
