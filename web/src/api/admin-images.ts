import type { UploadedInlineImage } from '@blog/shared';
import { api, unwrap } from './client.ts';

/**
 * Uploads an image for a post's body (POST /admin/images): the server checks, re-encodes and stores
 * it, and answers what the editor's <img> carries. openapi-fetch would send JSON, so the serializer
 * hands over the FormData and the browser sets the multipart boundary.
 */
export async function uploadInlineImage(file: File): Promise<UploadedInlineImage> {
  const form = new FormData();
  form.append('image', file, file.name);
  return unwrap(api.POST('/admin/images', { body: { image: '' }, bodySerializer: () => form }));
}
