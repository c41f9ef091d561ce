import { apiRoutes, type ApiRoutes } from '../../http/routes.ts';
import { badRequest, notFound } from '../../errors.ts';
import type { AppContext } from '../../http/context.ts';
import { imageSharedHeaders } from '../public-cache/shared-caching.ts';
import { IMAGE_CACHE_CONTROL, imageContentType, imageStorageFor, SAFE_FILE_NAME } from './image-storage.ts';
import { readImageUpload, uploadedImage } from './image-multipart.ts';
import { storeInlineImage } from './images.service.ts';

/**
 * Uploaded images: right type, cached for a year (names are unique), never sniffed, never outside
 * the storage. With UPLOADS_PUBLIC_URL (a CDN or the bucket's public address) the API only points
 * there, with the same year of caching, so browsers go straight to it the next time.
 */
export function imagesRouter(ctx: AppContext): ApiRoutes {
  const routes = apiRoutes();
  const storage = imageStorageFor(ctx.config);
  const publicBase = ctx.config.UPLOADS_PUBLIC_URL?.replace(/\/+$/, '');
  const sharedHeaders = (fileName: string) => imageSharedHeaders(ctx.config.CDN_PURGE, fileName);

  routes.on('getImage', async (req, res) => {
    const fileName = req.params.file;
    if (!SAFE_FILE_NAME.test(fileName)) throw badRequest('Nieprawidłowa nazwa pliku.');
    const contentType = imageContentType(fileName);
    if (!contentType) throw notFound('Nie znaleziono obrazu.');
    if (publicBase) {
      // Only a pointer: the files are purged where they are served (the bucket's CDN).
      res.setHeader('Cache-Control', IMAGE_CACHE_CONTROL);
      res.redirect(301, `${publicBase}/${fileName}`);
      return;
    }
    const file = await storage.open(fileName);
    if (!file) throw notFound('Nie znaleziono obrazu.');
    res.setHeader('Content-Type', contentType);
    res.setHeader('Content-Length', String(file.size));
    res.setHeader('Cache-Control', IMAGE_CACHE_CONTROL);
    res.set(sharedHeaders(fileName));
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox");
    file.stream.on('error', () => res.destroy());
    file.stream.pipe(res);
  });

  // An image for a post's body, stored before the post is saved; files no post refers to are pruned
  // later by the worker (uploads-prune), so an image dropped from an unsaved draft does not linger.
  routes.on('adminUploadImage', readImageUpload, async (req, res) => {
    res.status(201).json(await storeInlineImage(ctx, storage, uploadedImage(req)));
  });

  return routes;
}
