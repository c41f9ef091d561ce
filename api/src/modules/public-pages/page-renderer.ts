import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { RenderPage } from '@blog/shared/page-render';

/** Where `npm run build` puts the server renderer (web: `vite build --ssr`), beside the built web app. */
export const rendererFile = (webDistDir: string) =>
  path.join(webDistDir, '..', 'dist-server', 'entry-server.js');

/**
 * Loads the web's compiled server renderer (web/src/entry-server.tsx); undefined when the web was built
 * without it. Loading starts at once, so the first page view does not wait for it.
 */
export function loadPageRenderer(webDistDir: string): Promise<RenderPage> | undefined {
  const file = rendererFile(webDistDir);
  if (!existsSync(file)) return undefined;
  const loading = import(pathToFileURL(file).href).then(
    (module: { renderPage: RenderPage }) => module.renderPage,
  );
  // Reported where it is awaited (a page request); not an unhandled rejection in the meantime.
  loading.catch(() => undefined);
  return loading;
}
