import { describe, expect, it } from 'vitest';
import { checkImageUrl, checkLinkUrl, linkEditOutcome } from './editor-urls.ts';

const LINK_ALERT = 'Wystąpił błąd podczas dodawania linku. Sprawdź poprawność URL.';
const IMAGE_ALERT = 'Wystąpił błąd podczas dodawania obrazu. Sprawdź poprawność URL.';

describe('editor addresses', () => {
  it('accepts links with every allowed scheme', () => {
    for (const url of [
      'https://example.com/a?b=1',
      'http://example.com',
      'ftp://files.example.com',
      'ftps://files.example.com',
      'mailto:ola@example.com',
      'tel:+48123456789',
      'callto:ola',
      'sms:+48123456789',
      'cid:part1',
      'xmpp:ola@example.com',
    ]) {
      expect(checkLinkUrl(url), url).toEqual({ ok: true, url });
    }
  });

  it('refuses other schemes with the rules’ alert', () => {
    for (const url of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      'data:text/html,x',
      'vbscript:x',
      'file:///etc',
    ]) {
      expect(checkLinkUrl(url), url).toEqual({ ok: false, message: LINK_ALERT });
    }
  });

  it('completes an address typed without a scheme with https://', () => {
    expect(checkLinkUrl(' ghost.org ')).toEqual({ ok: true, url: 'https://ghost.org' });
    expect(checkLinkUrl('www.example.com:8080/a?b=1#c')).toEqual({
      ok: true,
      url: 'https://www.example.com:8080/a?b=1#c',
    });
    expect(linkEditOutcome('ghost.org')).toEqual({ kind: 'set', url: 'https://ghost.org' });
    expect(checkLinkUrl('javascript:alert(1)')).toEqual({ ok: false, message: LINK_ALERT });
    expect(checkLinkUrl('nie adres')).toEqual({ ok: false, message: LINK_ALERT });
  });

  it('takes images by http(s) address only, never data:', () => {
    expect(checkImageUrl(' https://example.com/a.png ')).toEqual({
      ok: true,
      url: 'https://example.com/a.png',
    });
    expect(checkImageUrl('data:image/png;base64,AAAA')).toEqual({ ok: false, message: IMAGE_ALERT });
    expect(checkImageUrl('javascript:alert(1)')).toEqual({ ok: false, message: IMAGE_ALERT });
    expect(checkImageUrl('')).toEqual({ ok: false, message: IMAGE_ALERT });
  });

  it('reads the link popover: empty removes, else checked', () => {
    expect(linkEditOutcome('  ')).toEqual({ kind: 'remove' });
    expect(linkEditOutcome(' https://example.com ')).toEqual({ kind: 'set', url: 'https://example.com' });
    expect(linkEditOutcome('javascript:x')).toEqual({ kind: 'invalid', message: LINK_ALERT });
  });
});
