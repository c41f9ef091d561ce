import { checkField, editorImageForm, editorLinkForm } from '@blog/shared/rules';

export type UrlCheck = { ok: true; url: string } | { ok: false; message: string };

/**
 * A host name typed without a scheme (`ghost.org`, `www.example.com:8080/a?b`): a dot-separated name
 * whose last part is letters, then an optional port, path, query or fragment.
 */
const BARE_HOST = /^(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z]{2,63}\.?(?::\d{1,5})?(?:[/?#]\S*)?$/i;

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

/** An image address: http(s) only, so never a data: URL. */
export function checkImageUrl(raw: string): UrlCheck {
  const url = raw.trim();
  const check = checkField(editorImageForm, 'src', { src: url });
  return check.ok ? { ok: true, url } : { ok: false, message: check.message };
}

export type LinkEditOutcome =
  { kind: 'remove' } | { kind: 'set'; url: string } | { kind: 'invalid'; message: string };

/** What saving the link popover does with the typed address: empty removes the link, else checked. */
export function linkEditOutcome(answer: string): LinkEditOutcome {
  if (answer.trim() === '') return { kind: 'remove' };
  const check = checkLinkUrl(answer);
  return check.ok ? { kind: 'set', url: check.url } : { kind: 'invalid', message: check.message };
}
