import type { Request, RequestHandler } from 'express';
import multer, { MulterError } from 'multer';
import { refuseUnknownFields } from '../../http/body-fields.ts';
import { AppError, badRequest } from '../../errors.ts';
import { containsNul, NUL_REFUSED } from '../../http/nul-bytes.ts';
import { IMAGE_TOO_LARGE, MAX_IMAGE_BYTES } from '../images/image-upload.ts';
import type { PostUploads, UploadedFile } from './admin-posts.service.ts';

/** Room for the contract's 600,000-character postData in UTF-8 (up to 4 bytes a character in theory). */
const MAX_FIELD_BYTES = 2_500_000;

const upload = multer({
  storage: multer.memoryStorage(),
  limits: { fileSize: MAX_IMAGE_BYTES, files: 2, fields: 4, fieldSize: MAX_FIELD_BYTES, parts: 6 },
  // The cover and the link-preview image (SEO and sharing panel), one file each.
}).fields([
  { name: 'image', maxCount: 1 },
  { name: 'socialImage', maxCount: 1 },
]);

function uploadError(err: unknown): AppError {
  if (err instanceof MulterError) {
    if (err.code === 'LIMIT_FILE_SIZE')
      return new AppError('payload_too_large', IMAGE_TOO_LARGE, {
        field: err.field === 'socialImage' ? 'socialImage' : 'image',
      });
    if (err.code === 'LIMIT_FIELD_VALUE')
      return new AppError('payload_too_large', 'Dane posta są zbyt duże.', { field: 'postData' });
    if (err.code === 'LIMIT_UNEXPECTED_FILE')
      return badRequest(
        'Formularz może zawierać najwyżej jeden plik w polu image i jeden w polu socialImage.',
        'image',
      );
    return badRequest('Nieprawidłowe dane formularza.');
  }
  // busboy: a broken multipart body (no boundary, cut off, malformed headers).
  return badRequest('Nieprawidłowe dane formularza.');
}

/**
 * Reads the multipart body of a post save (contract PostUploadForm): an optional `image` file of at
 * most 5 MB, held in memory, and the `postData` text. Anything but multipart is 415.
 */
export const readPostUpload: RequestHandler = (req, res, next) => {
  if (!req.is('multipart/form-data')) {
    next(new AppError('unsupported_media_type', 'Post wysyła się jako formularz multipart/form-data.'));
    return;
  }
  upload(req, res, (err?: unknown) => {
    if (err !== undefined) return next(uploadError(err));
    // The app's NUL check ran before multer filled req.body: the text fields are checked here.
    const fields = Object.entries((req.body ?? {}) as Record<string, unknown>);
    const withNul = fields.find(([name, value]) => containsNul(name) || containsNul(value));
    if (withNul) return next(badRequest(NUL_REFUSED, withNul[0] === 'postData' ? 'postData' : undefined));
    // As JSON bodies are (app/middlewares/unknown-fields.ts): a text part, or a key of the postData
    // JSON, that the contract's PostUploadForm / PostInput does not list is refused, not dropped.
    try {
      refuseUnknownFields(req.operation?.bodyShapes['multipart/form-data'], req.body);
    } catch (refusal) {
      return next(refusal);
    }
    next();
  });
};

/** The uploaded file in `field` of a request that went through readPostUpload. */
function uploadedFile(req: Request, field: 'image' | 'socialImage' = 'image'): UploadedFile | undefined {
  const files = req.files as Record<string, Express.Multer.File[] | undefined> | undefined;
  const file = files?.[field]?.[0];
  if (!file) return undefined;
  return { bytes: file.buffer, originalFilename: file.originalname.slice(0, 255) };
}

/** The cover and link-preview files of a request that went through readPostUpload. */
export const postUploads = (req: Request): PostUploads => ({
  image: uploadedFile(req, 'image'),
  socialImage: uploadedFile(req, 'socialImage'),
});

/** The postData text field, whatever the client sent. */
export const postDataField = (req: Request): unknown =>
  (req.body as Record<string, unknown> | undefined)?.postData;
