const originOf = (url: string): string | undefined => {
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
};

/**
 * Defence in depth beside the token (OWASP CSRF cheat sheet): a browser names the page a state-changing
 * call comes from in Origin (or, failing that, Referer); another site's page, or an opaque `null`
 * origin, is refused even with a token. A call naming neither (a script, a mail client) relies on the token.
 */
export function sameSiteRequest(
  origin: string | undefined,
  referer: string | undefined,
  own: string[],
): boolean {
  if (origin !== undefined) return own.includes(origin);
  if (referer !== undefined) return own.includes(originOf(referer) ?? '');
  return true;
}
