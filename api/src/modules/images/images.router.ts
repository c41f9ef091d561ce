import { apiRoutes, type ApiRoutes } from '../../http/routes.ts';
import { badRequest, notFound } from '../../errors.ts';
import type { AppContext } from '../../http/context.ts';
import { localImageStorage, SAFE_FILE_NAME } from './image-storage.ts';

const CONTENT_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  avif: 'image/avif',
};

/** Uploaded images: right type, cached for a year (names are unique), never sniffed, never outside the folder. */
export function imagesRouter(ctx: AppContext): ApiRoutes {
  const routes = apiRoutes(ctx);
  const storage = localImageStorage(ctx.config.uploadsDir);

  routes.get('/images/:file', 'public', async (req, res) => {
    const fileName = req.params.file;
    if (!SAFE_FILE_NAME.test(fileName)) throw badRequest('Nieprawidłowa nazwa pliku.');
    const contentType = CONTENT_TYPES[fileName.split('.').pop()?.toLowerCase() ?? ''];
    if (!contentType) throw notFound('Nie znaleziono obrazu.');
    const file = await storage.open(fileName);
    if (!file) throw notFound('Nie znaleziono obrazu.');
    res.setHeader('Content-Type', contentType);
    res.setHeader('Content-Length', String(file.size));
    res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox");
    file.stream.on('error', () => res.destroy());
    file.stream.pipe(res);
  });

  return routes;
}
