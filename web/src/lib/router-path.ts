/**
 * The path as the router matches it, so the page's hooks and this data agree on every spelling
 * (`/post/%61bc` is the article `abc`): each segment decoded, an encoded `/` kept encoded, and a
 * malformed one left whole — react-router's own decodePath, which matchPath alone does not apply.
 */
export function routerPath(pathname: string): string {
  try {
    return pathname
      .split('/')
      .map((segment) => decodeURIComponent(segment).replace(/\//g, '%2F'))
      .join('/');
  } catch {
    return pathname;
  }
}
