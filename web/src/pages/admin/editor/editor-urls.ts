import { BARE_HOST, checkLinkUrl, type UrlCheck } from '@blog/shared/editor-schema';
import { checkField, editorImageForm } from '@blog/shared/rules';

/** The link check of the document's schema (@blog/shared/editor-schema), the popover's too. */
export { checkLinkUrl, type UrlCheck };

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

/** An address found in pasted text: where it starts, its text and the link it becomes. */
export interface FoundLink {
  index: number;
  text: string;
  href: string;
}

/** Marks that close a sentence or a quote after an address rather than belonging to it. */
const TRAILING = /[.,;:!?'"”’»>]+$/;
const LEADING = /^[('"„“‘«<[]+/;
const WITH_SCHEME = /^(?:(?:https?|ftps?):\/\/\S|mailto:\S)/i;
const WWW_HOST = /^www\./i;
const EMAIL = /^[^\s@/:]+@(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z]{2,63}$/i;

/** A closing bracket at the end that opens nowhere in the address is the text's, not the address's. */
function withoutUnmatchedClose(word: string): string {
  let result = word;
  for (;;) {
    const last = result.at(-1);
    const open = last === ')' ? '(' : last === ']' ? '[' : null;
    if (!open || !last) return result;
    const count = (mark: string) => result.split(mark).length - 1;
    if (count(last) <= count(open)) return result;
    result = result.slice(0, -1).replace(TRAILING, '');
  }
}

/**
 * Web and e-mail addresses in pasted text, each checked as the link popover checks a typed one
 * (checkLinkUrl: the allowed schemes, `https://` for a bare host). In running text an address counts
 * when it has a scheme (`https://…`, `mailto:…`), starts with `www.`, or is an e-mail address
 * (`mailto:`); text that is one address alone may also be a bare host (`example.com`), as typed into
 * the popover. Sentence marks and quotes around an address are not part of it.
 */
export function findLinks(text: string): FoundLink[] {
  const alone = text.trim();
  const found: FoundLink[] = [];
  for (const word of text.matchAll(/\S+/g)) {
    const lead = LEADING.exec(word[0])?.[0].length ?? 0;
    const candidate = withoutUnmatchedClose(word[0].slice(lead).replace(TRAILING, ''));
    if (candidate === '') continue;
    const isEmail = EMAIL.test(candidate);
    const counts =
      WITH_SCHEME.test(candidate) ||
      WWW_HOST.test(candidate) ||
      isEmail ||
      (candidate === alone && BARE_HOST.test(candidate));
    if (!counts) continue;
    const check = checkLinkUrl(isEmail ? `mailto:${candidate}` : candidate);
    if (check.ok) found.push({ index: (word.index ?? 0) + lead, text: candidate, href: check.url });
  }
  return found;
}
